/**
 * 'Upload File' (§2 Dialogs): Replace on a media item. One file of the item's type with the
 * extension of the file it replaces (§5), or, for a multi-stream video, the stream's files
 * (playlists, segments, poster); chosen or dropped, then sent with their progress. A refusal
 * (the browser's rules or the server's) stays in the dialog's error list.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { checkUploads, extensionOf } from '@canopy/core';
import { ErrorList } from '@canopy/ui';
import { MediaFiles, addFiles, type ChosenFile } from '../dialogs/MediaFiles';
import { MediaPreview } from '@canopy/ui/media';

/** A blob address of a chosen file while it is shown, released afterwards. */
function useObjectUrl(file: File | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [file]);
  return url;
}

export interface UploadFileDialogProps {
  opened: boolean;
  /** The item's media content type ('image', 'video', 'document', 'multi-stream-video'). */
  contentType: string;
  /** The address of the file being replaced; a single new file must keep its extension. */
  replacing: string | null;
  onCancel: () => void;
  /**
   * Sends the files, reporting each one's bytes sent as a fraction; rejects with the server's
   * message.
   */
  onUpload: (files: File[], onProgress: (file: File, fraction: number) => void) => Promise<void>;
}

export function UploadFileDialog({
  opened,
  contentType,
  replacing,
  onCancel,
  onUpload,
}: UploadFileDialogProps) {
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // A stream is a folder of files of several kinds: it is replaced as a whole.
  const stream = contentType === 'multi-stream-video';
  const mode = stream ? 'multiple' : 'single';
  const extension = !stream && replacing ? extensionOf(replacing) : null;
  const single = stream ? undefined : files[0]?.file;
  const preview = useObjectUrl(single);

  const upload = async () => {
    const chosen = files.map((file) => file.file);
    const check = checkUploads(chosen, { contentType, mode, replacing: extension });
    setErrors(check.errors);
    if (check.accepted.length === 0) return;
    setBusy(true);
    try {
      await onUpload(check.accepted, (file, progress) =>
        setFiles((current) =>
          current.map((entry) => (entry.file === file ? { ...entry, progress } : entry)),
        ),
      );
      setFiles([]);
    } catch (error) {
      setFiles((current) => current.map((entry) => ({ ...entry, progress: null })));
      setErrors([error instanceof Error ? error.message : String(error)]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onCancel}
      title="Upload File"
      centered
      size="md"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void upload();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {stream
              ? 'The new files (playlists, .m4s segments and a .jpg poster) replace every file of the stream.'
              : extension
                ? `The new file replaces the current one and must be a .${extension} file.`
                : 'Choose the file of this item.'}
          </Text>
          <MediaFiles
            contentType={contentType}
            mode={mode}
            files={files}
            busy={busy}
            extensions={extension ? [extension] : undefined}
            onPick={(picked) => {
              const next = addFiles(stream ? files : [], picked, contentType, mode, extension);
              setFiles(next.files);
              setErrors(next.errors);
            }}
            onRemove={(file) => setFiles(files.filter((entry) => entry.file !== file))}
          />
          {single && preview && (
            <MediaPreview url={preview} fileName={single.name} name={single.name} />
          )}
          <ErrorList errors={errors} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Upload
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
