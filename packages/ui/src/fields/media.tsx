/**
 * Media Library Asset (§2 Field editors, §5 Media field): the address of a media file.
 * - In a page or block: Select (the 'Select Item' dialog over the media library, or the
 *   definition's `picker_root_item`, restricted to its `restrict_to_content_type`), Remove, Go to
 *   Media Item, Copy Link, Download and the file's preview.
 * - On a media item's own form the file is the item's: it is replaced with the media panel above
 *   the form (MediaPanel), so the field shows its address, Copy Link and Download only.
 *
 * Rules: core's `validateFieldValue` (required; 'The file has no extension'), then, when the
 * definition restricts the field to one media type, 'This filetype is not allowed for {type}s'.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  MEDIA_LIBRARY_ROOT_ID,
  isMediaContentType,
  isUuid,
  validateFieldValue,
} from '@canopy/core';
import { menusQuery } from '../server-state';
import { SelectItemDialog, findItem } from '../items/SelectItemDialog';
import { MediaLinks } from '../media/MediaLinks';
import { MediaPreview } from '../media/MediaPreview';
import { adminUrlOf } from '../media/referenced-item';
import { useEditedItem, type FieldEditorProps, type FieldKind } from '../draft';
import { OpenItemButton, PickerShell, commit } from './picker-shell';

/** The media item an address names: `{directory}/{content_id}.{ext}` or `.../{content_id}/...`. */
export function mediaItemIdOf(url: string): string | null {
  const segments = url.split(/[?#]/, 1)[0]!.split('/');
  for (const segment of segments.reverse()) {
    const id = segment.replace(/\.[^.]*$/, '');
    if (isUuid(id)) return id;
  }
  return null;
}

export function MediaEditor(props: FieldEditorProps) {
  const item = useEditedItem();
  const ownFile =
    item != null && isMediaContentType(item.content_type_id) && props.target.kind === 'content';
  return ownFile ? <OwnFileEditor {...props} /> : <AssetEditor {...props} />;
}

/** A media item's own file: replaced in the media panel, so only its address and links here. */
function OwnFileEditor(props: FieldEditorProps) {
  return (
    <PickerShell
      field={{
        ...props,
        description: props.description ?? 'Replace the file with the panel above the form.',
      }}
      placeholder="No file yet"
      actions={props.value && <MediaLinks url={props.value} name={props.label} />}
    />
  );
}

/** A page's or block's media field: an address picked from the media library. */
function AssetEditor(props: FieldEditorProps) {
  const { definition, value } = props;
  const [picking, setPicking] = useState(false);
  const menus = useQuery(menusQuery());
  const shown = value !== '' && validateFieldValue(definition, value) == null;
  const itemId = shown ? mediaItemIdOf(value) : null;
  const item = useMemo(
    () => (itemId && menus.data ? findItem(menus.data, itemId) : null),
    [itemId, menus.data],
  );
  const name = item?.content_name ?? props.label;

  return (
    <PickerShell
      field={props}
      placeholder="No file selected"
      pick={{ label: 'Select', onClick: () => setPicking(true) }}
      actions={
        <>
          {itemId && (
            <OpenItemButton
              href={adminUrlOf({ id: itemId, kind: 'content' })}
              label="Go to Media Item"
            />
          )}
          {shown && <MediaLinks url={value} name={name} />}
        </>
      }
    >
      {shown && <MediaPreview url={value} name={name} />}
      {picking && menus.data && (
        <SelectItemDialog
          opened
          forest={menus.data}
          rootId={definition.picker_root_item || MEDIA_LIBRARY_ROOT_ID}
          restriction={definition.restrict_to_content_type}
          initialId={itemId}
          check={(candidate) =>
            candidate.media_url ? null : `${candidate.content_name} has no file yet`
          }
          onCancel={() => setPicking(false)}
          onSelect={(picked) => {
            setPicking(false);
            commit(props, picked.media_url!);
          }}
        />
      )}
    </PickerShell>
  );
}

export const mediaKind: FieldKind = {
  Editor: MediaEditor,
};
