/**
 * Content Reference Picker (§2 Field editors, §4 Picker fields, §5): Add / Select (the 'Select
 * Item' dialog rooted at the definition's `picker_root_item`, restricted to its
 * `restrict_to_content_type`), Remove, Go to Referenced Item (the admin in a new tab), and for
 * media items Copy Link, Download and the file's preview. A valid UUID loads the referenced item;
 * an empty or invalid value clears the preview; a failed load says 'Error Loading Content
 * Reference Picker Data'.
 *
 * Rules: core's `validateFieldValue` (required, then 'This field does not have a valid reference
 * to another field' for anything but a UUID) is all the server checks on Save, so this kind adds
 * no extra check: a reference the server would take is never refused here.
 */
import { useEffect, useState } from 'react';
import { Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isUuid } from '@canopy/core';
import { notify } from '../toasts';
import { menusQuery } from '../server-state';
import { SelectItemDialog } from '../items/SelectItemDialog';
import { ItemIcon } from '../items/ItemIcon';
import { MediaLinks } from '../media/MediaLinks';
import { MediaPreview } from '../media/MediaPreview';
import { MEDIA_TOASTS } from '../media/messages';
import { adminUrlOf, referencedItemQuery, type ReferencedItem } from '../media/referenced-item';
import type { FieldEditorProps, FieldKind } from '../draft';
import { OpenItemButton, PickerShell, commit } from './picker-shell';

export function ReferenceEditor(props: FieldEditorProps) {
  const { definition, value } = props;
  const [picking, setPicking] = useState(false);
  const valid = isUuid(value);
  const menus = useQuery({ ...menusQuery(), enabled: picking });
  const referenced = useQuery(referencedItemQuery(value));
  const item = valid ? referenced.data : undefined;

  // One toast per failed load (§8), not one per render.
  const failedAt = valid && referenced.isError ? referenced.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) notify('error', MEDIA_TOASTS.referenceLoadError);
  }, [failedAt]);

  return (
    <PickerShell
      field={props}
      placeholder="No item selected"
      pick={{ label: value ? 'Select' : 'Add', onClick: () => setPicking(true) }}
      actions={
        <>
          <OpenItemButton
            href={valid ? adminUrlOf(item ?? { id: value, kind: 'content' }) : null}
            label="Go to Referenced Item"
          />
          {item?.media && <MediaLinks url={item.media.url} name={item.name} />}
        </>
      }
    >
      {valid && (
        <ReferencePreview
          item={item}
          loading={referenced.isPending}
          failure={referenced.isError ? referenced.error.message : null}
        />
      )}
      {picking && menus.data && (
        <SelectItemDialog
          opened
          forest={menus.data}
          rootId={definition.picker_root_item}
          restriction={definition.restrict_to_content_type}
          initialId={valid ? value : null}
          onCancel={() => setPicking(false)}
          onSelect={(picked) => {
            setPicking(false);
            commit(props, picked.content_id);
          }}
        />
      )}
    </PickerShell>
  );
}

function ReferencePreview({
  item,
  loading,
  failure,
}: {
  item: ReferencedItem | undefined;
  loading: boolean;
  failure: string | null;
}) {
  if (failure) {
    return (
      <Text size="sm" c="red">
        {failure}
      </Text>
    );
  }
  if (loading || !item) return <Skeleton h={44} aria-label="Loading the referenced item" />;
  return (
    <Paper withBorder p="xs" radius="sm" aria-label="Referenced item">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <ItemIcon
            item={{
              item_type: item.kind,
              content_type_id: item.kind === 'content' ? item.type : null,
              template_type_id: item.kind === 'template' ? item.type : null,
            }}
            size={18}
          />
          <Text size="sm" fw={600} truncate>
            {item.name}
          </Text>
          <Badge variant="light" color="gray" size="sm">
            {item.type}
          </Badge>
        </Group>
        {item.media && (
          <MediaPreview url={item.media.url} name={item.name} poster={item.media.poster} />
        )}
      </Stack>
    </Paper>
  );
}

export const referenceKind: FieldKind = { Editor: ReferenceEditor };
