/**
 * The right edit panel (§2): Page (the template's 'Page Properties Tab' fields), Blocks (the
 * widget templates the page's zones allow, sorted by name, each draggable onto the page) and
 * Selected (the selected block's 'Selected Tab' fields), with the read-only banner when the
 * version is not a draft. It slides in and out in 300 ms (§9); focus moves into it, retried once
 * after 200 ms when it was still moving.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { Alert, Button, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import { IconGripVertical } from '@tabler/icons-react';
import {
  REFOCUS_RETRY_DELAY_MS,
  truncateWidgetName,
  type Template,
  type TemplateBlock,
} from '@canopy/core';
import { EditedItemContext, findBlock, removeBlock } from '@canopy/ui/draft';
import { notify } from '@canopy/ui';
import { blockTemplate, useDraftValue, useEditorState } from '../editor-context';
import { PanelField } from './PanelField';

export type PanelTab = 'page' | 'blocks' | 'selected';
export const PAGE_PROPERTIES_TAB = 'Page Properties Tab';
export const SELECTED_TAB = 'Selected Tab';

/** Drag data of a widget template from the Blocks tab. */
export interface NewWidgetData {
  kind: 'new';
  template: Template;
  name: string;
}

function fieldsOf(template: Template | undefined, behaviour: string): TemplateBlock[] {
  return Object.values(template?.template_blocks ?? {})
    .filter((block) => Object.values(block.template_fields)[0]?.edit_in_behavior === behaviour)
    .sort((a, b) => a.block_order - b.block_order);
}

function WidgetSource({ template, disabled }: { template: Template; disabled: boolean }) {
  const shown = truncateWidgetName(template.template_name);
  const drag = useDraggable({
    id: `widget:${template.template_id}`,
    data: { kind: 'new', template, name: template.template_name } satisfies NewWidgetData,
    disabled,
  });
  return (
    <Tooltip label={shown.title} openDelay={300} withinPortal>
      <button
        type="button"
        ref={drag.setNodeRef}
        className="canopy-widget"
        title={shown.title}
        disabled={disabled}
        {...drag.listeners}
        {...drag.attributes}
      >
        <IconGripVertical size={14} aria-hidden />
        {shown.text}
      </button>
    </Tooltip>
  );
}

function SelectedBlock({ readOnly }: { readOnly: boolean }) {
  const { store, templates, selected, select } = useEditorState();
  const exists = useDraftValue(store, (draft) => !!selected && !!findBlock(draft, selected));
  const draft = store.draft;
  if (!selected || !exists)
    return (
      <Text size="sm" c="dimmed">
        Click a block on the page (or Tab to it and press Enter) to edit its fields here.
      </Text>
    );
  const template = blockTemplate(draft, templates, selected);
  const blocks = fieldsOf(template, SELECTED_TAB);
  const zone = Object.values(templates.item.template_blocks).find((block) =>
    Object.values(draft.content_fields[block.block_id]?.dynamic_content_regions ?? {}).some(
      (region) => region.content_blocks[selected],
    ),
  );
  const remove = () => {
    if (!zone) return;
    let outcome: ReturnType<typeof removeBlock> | undefined;
    store.update((d) => {
      outcome = removeBlock(d, zone.block_id, selected);
    });
    if (outcome && !outcome.ok) console.error(`Block ${selected} was not found in its zone`);
    else {
      select(null);
      notify('info', `${template?.template_name ?? 'The block'} is removed; Save to keep it so`);
    }
  };
  return (
    <Stack gap="sm">
      <Text fw={600}>{template?.template_name ?? 'Unknown widget'}</Text>
      {blocks.length === 0 && (
        <Text size="sm" c="dimmed">
          This block has no fields to edit here.
        </Text>
      )}
      {blocks.map((block) => (
        <PanelField
          key={block.block_id}
          label={block.block_name}
          definition={Object.values(block.template_fields)[0]!}
          target={{ kind: 'block', blockId: selected, templateBlockId: block.block_id }}
          readOnly={readOnly}
        />
      ))}
      <Button color="red" variant="light" disabled={readOnly} onClick={remove}>
        Delete block
      </Button>
    </Stack>
  );
}

/** Moves the focus into the panel once it has slid in; once more 200 ms later if it moved. */
function useRefocus(ref: RefObject<HTMLElement | null>, shown: boolean, tab: PanelTab) {
  useEffect(() => {
    if (!shown) return;
    const focus = () =>
      ref.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    focus();
    // Only when the first try found nothing to focus (the panel was still moving): never take
    // the focus back from where the person has put it since.
    const retry = setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body) focus();
    }, REFOCUS_RETRY_DELAY_MS);
    return () => clearTimeout(retry);
  }, [ref, shown, tab]);
}

export function EditPanel({
  shown,
  tab,
  onTab,
  readOnly,
  readOnlyReason,
  widgets,
}: {
  shown: boolean;
  tab: PanelTab;
  onTab: (tab: PanelTab) => void;
  readOnly: boolean;
  readOnlyReason: string | null;
  widgets: Template[];
}) {
  const { templates, store } = useEditorState();
  const ref = useRef<HTMLElement>(null);
  useRefocus(ref, shown, tab);
  const pageFields = fieldsOf(templates.item, PAGE_PROPERTIES_TAB);
  return (
    <aside
      ref={ref}
      className="canopy-panel"
      data-hidden={shown ? 'false' : 'true'}
      aria-label="Edit panel"
      aria-hidden={shown ? undefined : true}
      inert={!shown}
    >
      {readOnlyReason && (
        <Alert color="yellow" variant="light" radius={0} role="status" title="Read-only">
          {readOnlyReason}
        </Alert>
      )}
      {/* The pickers read the item's site (micro-apps) and type (a media item's own file). */}
      <EditedItemContext value={store.loaded}>
        <Tabs value={tab} onChange={(next) => next && onTab(next as PanelTab)} keepMounted={false}>
          <Tabs.List grow>
            <Tabs.Tab value="page">Page</Tabs.Tab>
            <Tabs.Tab value="blocks">Blocks</Tabs.Tab>
            <Tabs.Tab value="selected">Selected</Tabs.Tab>
          </Tabs.List>
          <div className="canopy-panel-body">
            <Tabs.Panel value="page">
              <Stack gap="sm">
                {pageFields.map((block) => (
                  <PanelField
                    key={block.block_id}
                    label={block.block_name}
                    definition={Object.values(block.template_fields)[0]!}
                    target={{ kind: 'content', templateBlockId: block.block_id }}
                    readOnly={readOnly}
                  />
                ))}
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="blocks">
              <Stack gap={6}>
                <Text size="sm" c="dimmed">
                  Drag a widget into a zone on the page (or focus it, press Space, move with the
                  arrows and press Space again).
                </Text>
                {widgets.map((widget) => (
                  <WidgetSource key={widget.template_id} template={widget} disabled={readOnly} />
                ))}
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="selected">
              <SelectedBlock readOnly={readOnly} />
            </Tabs.Panel>
          </div>
        </Tabs>
      </EditedItemContext>
    </aside>
  );
}
