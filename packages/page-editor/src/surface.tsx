/**
 * The editing surface the site's components render through (`@canopy/site`'s EditingContext):
 * §2's dynamic zone view on the real page (zone title, a fieldset per block titled by its widget
 * template, 'Drop widget here' targets while dragging) and text fields edited where they stand.
 * With Edit In-Page off, everything renders exactly as the site does.
 */
import { useEffect, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { richTextMode, type LayoutPlacement, findLayoutNode } from '@canopy/core';
import { writeValue, zoneLayout, zoneRegion, readValue, isContainer } from '@canopy/ui/draft';
import {
  RichText,
  type EditableTextProps,
  type EditingSurface,
  type WidgetModel,
  type ZoneSegmentProps,
} from '@canopy/site/browser';
import { useDraftValue, useEditorState, resolveField, zoneField } from './editor-context';
import type { PageStore } from './store';

export const ZONE_HINT = '[ Use author to drag/drop items ]';
export const DROP_TEXT = 'Drop widget here';

/** What a drop target stands for: a place in a zone. */
export interface DropData {
  zoneBlockId: string;
  zoneName: string;
  placement: LayoutPlacement;
}

function DropTarget({ id, data }: { id: string; data: DropData }) {
  const { setNodeRef, isOver } = useDroppable({ id, data });
  return (
    <div
      ref={setNodeRef}
      className={`canopy-drop${isOver ? ' canopy-drop-over' : ''}`}
      data-canopy-drop={id}
    >
      {DROP_TEXT}
    </div>
  );
}

/** The zone a block sits in (its name and template block id), found through the draft. */
function useZoneOf(blockId: string): { name: string; zoneBlockId: string } | null {
  const { store, templates } = useEditorState();
  const key = useDraftValue(store, (draft) => {
    for (const block of Object.values(templates.item.template_blocks)) {
      const region = zoneRegion(draft, block.block_id);
      if (region && findLayoutNode(zoneLayout(region), blockId))
        return `${block.block_id}\u0000${block.block_name}`;
    }
    return null;
  });
  if (key == null) return null;
  const [zoneBlockId, name] = key.split('\u0000') as [string, string];
  return { name, zoneBlockId };
}

/** Drag data of a block already on the page. */
export interface MoveData {
  kind: 'move';
  blockId: string;
  zoneBlockId: string;
  name: string;
}

function Block({ widget, children }: { widget: WidgetModel; children: ReactNode }) {
  const { editable, selected, select, dragging, store } = useEditorState();
  const zone = useZoneOf(widget.id);
  // A container's items, as ids: the block re-renders only when they change.
  const itemIds = useDraftValue(store, (draft) => {
    const region = zone ? zoneRegion(draft, zone.zoneBlockId) : null;
    const node = region ? findLayoutNode(zoneLayout(region), widget.id)?.node : undefined;
    return node && isContainer(node) ? (node.blocks ?? []).map((item) => item.id).join(' ') : '';
  });
  const drag = useDraggable({
    id: `block:${widget.id}`,
    data: {
      kind: 'move',
      blockId: widget.id,
      zoneBlockId: zone?.zoneBlockId ?? '',
      name: widget.templateName,
    } satisfies MoveData,
    disabled: !editable || !zone,
  });
  if (!editable || !zone) return <>{children}</>;
  const items = itemIds ? itemIds.split(' ').map((id) => ({ id })) : [];
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      select(widget.id);
    }
  };
  const isSelected = selected === widget.id;
  return (
    <>
      <fieldset
        className={`canopy-block${isSelected ? ' canopy-block-selected' : ''}${drag.isDragging ? ' canopy-block-dragging' : ''}`}
        data-canopy-block={widget.id}
        tabIndex={0}
        aria-label={`${widget.templateName} block`}
        aria-current={isSelected ? 'true' : undefined}
        onClick={(event) => {
          event.stopPropagation();
          select(widget.id);
        }}
        onKeyDown={onKeyDown}
      >
        <legend className="canopy-block-legend">
          <button
            type="button"
            className="canopy-block-handle"
            ref={drag.setNodeRef}
            aria-label={`Move ${widget.templateName}`}
            {...drag.listeners}
            {...drag.attributes}
          >
            ⠿
          </button>
          <span>{widget.templateName}</span>
        </legend>
        {children}
        {items.map((item, index) => (
          <div key={item.id} className="canopy-container-item" data-canopy-item={item.id}>
            <span className="canopy-container-item-title">
              {widget.templateName}: item {index + 1}
            </span>
            {dragging && (
              <DropTarget
                id={`into:${item.id}`}
                data={{
                  zoneBlockId: zone.zoneBlockId,
                  zoneName: zone.name,
                  placement: { position: 'into', targetId: item.id },
                }}
              />
            )}
          </div>
        ))}
      </fieldset>
      {dragging && (
        <DropTarget
          id={`after:${widget.id}`}
          data={{
            zoneBlockId: zone.zoneBlockId,
            zoneName: zone.name,
            placement: { position: 'after', targetId: widget.id },
          }}
        />
      )}
    </>
  );
}

/** A layout entry whose block the draft does not have (§2: 'Block with id ... not found'). */
function missingBlocks(store: PageStore, zoneBlockId: string): string[] {
  const region = zoneRegion(store.draft, zoneBlockId);
  if (!region) return [];
  const missing: string[] = [];
  const visit = (blocks: { id: string; type?: string; blocks?: unknown[] }[] | undefined) => {
    for (const node of blocks ?? []) {
      if (node.type === 'containerItem') visit(node.blocks as typeof blocks);
      else if (!region.content_blocks[node.id]) missing.push(node.id);
    }
  };
  visit(zoneLayout(region).blocks);
  return missing;
}

function Zone({ name, start, widgets, render }: ZoneSegmentProps) {
  const { editable, dragging, templates, store } = useEditorState();
  const zone = zoneField(templates, name);
  // What the frame shows of the draft: the layout's id and the blocks it misses.
  const layoutId = useDraftValue(store, (draft) => {
    const region = zone ? zoneRegion(draft, zone.templateBlockId) : null;
    return region ? zoneLayout(region).id : null;
  });
  const missing = useDraftValue(store, () =>
    zone ? missingBlocks(store, zone.templateBlockId).join(' ') : '',
  );
  if (!editable || !zone) return <>{widgets.map(render)}</>;
  const first = widgets[0];
  const firstPlacement: LayoutPlacement | null = first
    ? { position: 'before', targetId: first.id }
    : start === 0
      ? { position: 'into', targetId: layoutId ?? zone.templateBlockId }
      : null;
  return (
    <section className="canopy-zone" data-canopy-zone={name} aria-label={`${name} zone`}>
      {start === 0 && (
        <div className="canopy-zone-title">
          {name} {ZONE_HINT}
        </div>
      )}
      {start === 0 &&
        missing &&
        missing.split(' ').map((id) => (
          <p key={id} className="canopy-missing" role="note">
            Block with id {id} not found
          </p>
        ))}
      {dragging && firstPlacement && (
        <DropTarget
          id={`${first ? 'before' : 'into'}:${first?.id ?? `${name}:${start}`}`}
          data={{ zoneBlockId: zone.templateBlockId, zoneName: name, placement: firstPlacement }}
        />
      )}
      {widgets.map(render)}
    </section>
  );
}

/** Plain text or rich text shown as the site shows it. */
function Shown({ value, as: Tag, className, rich }: Omit<EditableTextProps, 'owner' | 'name'>) {
  if (rich) return <RichText html={value} className={className} />;
  return <Tag className={className}>{value}</Tag>;
}

function Text(props: EditableTextProps) {
  const { owner, name, as: Tag, className, rich } = props;
  const { editable, store, templates, newId } = useEditorState();
  const ref = useRef<HTMLElement>(null);
  // Where the field is stored does not change while the page is open (a block keeps its widget).
  const field = useMemo(
    () => resolveField(store.draft, templates, owner, name),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store, templates, owner.kind, owner.kind === 'block' ? owner.id : '', name],
  );
  const inline =
    field &&
    (field.definition.field_type === 'Short Text' ||
      (field.definition.field_type === 'Rich Text' && rich));
  const stored = useDraftValue(store, (draft) => (field ? readValue(draft, field.target) : null));
  const value = stored ?? props.value ?? '';
  const plain = !rich || (field ? richTextMode(field.definition) === 'short' : false);

  // The element is the editor while it has the focus: it is written only from outside.
  useEffect(() => {
    const element = ref.current;
    if (!element || document.activeElement === element) return;
    if (rich) element.innerHTML = value;
    else element.textContent = value;
  }, [value, rich, editable, inline]);

  if (!editable || !inline || !field) return <Shown {...props} />;
  const commit = (element: HTMLElement) => {
    const next = rich ? element.innerHTML : (element.textContent ?? '');
    store.update((d) => writeValue(d, field.target, next, newId));
  };
  return (
    <Tag
      ref={ref}
      className={`${className ?? ''} canopy-inline`.trim()}
      contentEditable={rich ? 'true' : 'plaintext-only'}
      suppressContentEditableWarning
      role="textbox"
      aria-label={name}
      aria-multiline={rich && !plain ? 'true' : 'false'}
      data-canopy-field={name}
      // The inline rich text toolbar (chrome/InlineToolbar.tsx) shows over these.
      data-canopy-rich={rich && !plain ? '' : undefined}
      onClick={(event: MouseEvent) => event.stopPropagation()}
      onInput={(event: { currentTarget: HTMLElement }) => commit(event.currentTarget)}
      onKeyDown={(event: KeyboardEvent) => {
        // §5: inline short text blocks the Enter key (no paragraphs).
        if (event.key === 'Enter' && (plain || !rich)) event.preventDefault();
      }}
      onPaste={(
        event: ClipboardEvent & { preventDefault(): void; clipboardData: DataTransfer },
      ) => {
        if (rich && !plain) return;
        event.preventDefault();
        const text = event.clipboardData.getData('text/plain').replace(/\s*\n\s*/g, ' ');
        document.execCommand('insertText', false, text);
      }}
    />
  );
}

/** The surface the page is rendered with; `widget` and `subscribe` come from the store. */
export function createSurface(store: PageStore): EditingSurface {
  return {
    widget: store.widget,
    subscribe: store.subscribeWidget,
    Block,
    Zone,
    Text,
  };
}
