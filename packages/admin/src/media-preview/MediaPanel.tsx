/**
 * A media item's own panel (§2 Field editors, media field panel), shown by the item editor above
 * the form of an image, video, multi-stream video or document: the preview, Replace (the
 * 'Upload File' dialog, see replace-files.ts), Copy Link and Download; §8's media toasts.
 */
import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconReplace } from '@tabler/icons-react';
import { isMediaContentType, type Content, type ContentField } from '@canopy/core';
import { TOASTS, notify, useSession } from '@canopy/ui';

import { UploadFileDialog } from './UploadFileDialog';
import { MediaLinks, MediaPreview, mediaFilesOf } from '@canopy/ui/media';
import { FOLDER_ERROR_TOAST, FolderError, replaceFiles } from './replace-files';

export interface MediaPanelProps {
  /** The media item as loaded (or its draft): id, name, type and field values. */
  content: Pick<Content, 'content_id' | 'content_name' | 'content_type_id'> & {
    content_fields: Record<string, Pick<ContentField, 'field_value'>>;
  };
  /** True unless the version is a draft locked by the signed-in user (uploads need that). */
  readOnly: boolean;
  /**
   * The form has changes not saved yet: a replace writes the item on the server, so those
   * changes would then meet a stale save. Replace waits until they are saved or discarded.
   */
  unsaved?: boolean;
  /** After a replace the server has changed the item: reload it. */
  onReplaced: () => void | Promise<void>;
}

const TITLES: Record<string, string> = {
  image: 'Image file',
  video: 'Video file',
  'multi-stream-video': 'Streaming video',
  document: 'Document file',
};

/** Whether the item editor shows the media panel for an item of this content type. */
export function hasMediaPanel(contentTypeId: string): boolean {
  return isMediaContentType(contentTypeId);
}

export function MediaPanel({ content, readOnly, unsaved = false, onReplaced }: MediaPanelProps) {
  const session = useSession();
  const [replacing, setReplacing] = useState(false);
  const files = mediaFilesOf(content);
  const type = content.content_type_id;
  const blocked = readOnly
    ? 'Lock this draft to replace its file'
    : unsaved
      ? 'Save or discard your changes before replacing the file'
      : null;

  const upload = async (chosen: File[], onProgress: (file: File, fraction: number) => void) => {
    try {
      await replaceFiles({
        contentId: content.content_id,
        contentType: type,
        files: chosen,
        token: session.getToken(),
        onProgress,
      });
    } catch (error) {
      notify('error', error instanceof FolderError ? FOLDER_ERROR_TOAST : TOASTS.mediaSaveError);
      throw error;
    }
    notify('success', TOASTS.mediaSaved);
    setReplacing(false);
    await onReplaced();
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={TITLES[type] ?? 'File'}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{TITLES[type] ?? 'File'}</Text>
          <Group gap="xs">
            <Tooltip label={blocked} disabled={!blocked}>
              <Button
                size="xs"
                leftSection={<IconReplace size={14} aria-hidden />}
                data-disabled={blocked ? true : undefined}
                aria-disabled={blocked != null}
                onClick={() => !blocked && setReplacing(true)}
              >
                Replace
              </Button>
            </Tooltip>
            {files && <MediaLinks url={files.url} name={content.content_name} />}
          </Group>
        </Group>
        {files ? (
          <MediaPreview url={files.url} name={content.content_name} poster={files.poster} />
        ) : (
          <Text size="sm" c="dimmed">
            This item has no file yet. Replace uploads one.
          </Text>
        )}
      </Stack>
      {replacing && (
        <UploadFileDialog
          opened
          contentType={type}
          replacing={files?.url ?? null}
          onCancel={() => setReplacing(false)}
          onUpload={upload}
        />
      )}
    </Paper>
  );
}
