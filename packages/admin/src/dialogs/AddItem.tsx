/**
 * 'Add Item' wired to the server (§4 Add item, §7): content through POST /api/contents, a
 * template through POST /api/templates, media through the media calls (one item per file), and
 * a multi-stream video as its folder first, then each of its files.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MenuItem } from '@canopy/core';
import { TOASTS, notify, uploadMediaFile, useSession } from '@canopy/ui';
import { menusQuery, referencesQuery, templateTypeNames } from '../api';
import { AddItemDialog, NEW_ITEM_NAME, uploadFailure } from './AddItemDialog';
import {
  createContentItem,
  createMediaFolder,
  createTemplateItem,
  discardMediaItem as discard,
} from './add-item-api';

/** Shown when the multi-stream video's folder cannot be made (§8). */
export const FOLDER_ERROR = 'Error with creating media collection folder';

/** Playlists last: the stream gets its address once the files it names are there. */
const playlistsLast = (files: File[]) =>
  [...files].sort((a, b) => Number(a.name.endsWith('.m3u8')) - Number(b.name.endsWith('.m3u8')));

export function AddItem(props: {
  parent: MenuItem;
  templateRoots: MenuItem[];
  onClose: () => void;
  /** After an add: the new item to open (null for several), and whether it is a template. */
  onAdded: (id: string | null, kind: 'content' | 'template') => Promise<void>;
}) {
  const { parent, onClose, onAdded } = props;
  const session = useSession();
  const queryClient = useQueryClient();
  const typeNames = useQuery({ ...referencesQuery(), select: templateTypeNames });

  const createContent = (templateId: string, name: string) =>
    createContentItem(parent.content_id, templateId, name);

  const upload = (contentId: string, file: File, onProgress: (fraction: number) => void) =>
    uploadMediaFile({ contentId, file, token: session.getToken(), onProgress });

  return (
    <AddItemDialog
      opened
      parent={parent}
      templateRoots={props.templateRoots}
      templateTypeNames={typeNames.data}
      onCancel={onClose}
      onCreate={async ({ template, templateTypeId, name }) => {
        if (template) {
          const id = await createContent(template.content_id, name);
          onClose();
          return onAdded(id, 'content');
        }
        const templateId = await createTemplateItem(parent.content_id, templateTypeId, name);
        onClose();
        return onAdded(templateId, 'template');
      }}
      onCreateMedia={async ({ template, file, onProgress }) => {
        const contentId = await createContent(template.content_id, NEW_ITEM_NAME);
        try {
          await upload(contentId, file, onProgress);
        } catch (error) {
          await discard(contentId);
          throw error;
        }
        return contentId;
      }}
      onCreateStream={async ({ template, name, files, onProgress }) => {
        const contentId = await createContent(template.content_id, name);
        if (!(await createMediaFolder(contentId))) {
          notify('error', FOLDER_ERROR);
          await discard(contentId);
          throw new Error(FOLDER_ERROR);
        }
        for (const file of playlistsLast(files)) {
          try {
            await uploadMediaFile({
              contentId,
              file,
              token: session.getToken(),
              onProgress: (fraction) => onProgress(file, fraction),
              into: 'mediacollectionfile',
            });
          } catch (error) {
            await discard(contentId);
            throw new Error(uploadFailure(file, error));
          }
        }
        return contentId;
      }}
      onMediaDone={async ({ created, failed }) => {
        if (created.length + failed === 0) return;
        notify(
          failed === 0 ? 'success' : 'error',
          failed === 0 ? TOASTS.mediaSaved : TOASTS.mediaSaveError,
        );
        if (failed > 0) {
          await queryClient.invalidateQueries(menusQuery());
          return;
        }
        onClose();
        await onAdded(created.length === 1 ? created[0]! : null, 'content');
      }}
    />
  );
}
