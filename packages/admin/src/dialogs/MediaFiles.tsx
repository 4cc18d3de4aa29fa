/**
 * The Add Item dialog's media step (§2 Dialogs): the file drop box ('Click here to choose a
 * file' / 'or drag the file into this box.'), a real file input behind it, and the chosen files
 * with their size and upload progress. The §5 upload rules run here, before the server's. In
 * folder mode (a multi-stream video) the box takes one folder: the files directly inside it.
 */
import { useState } from 'react';
import { ActionIcon, Group, Progress, Stack, Text } from '@mantine/core';
import { IconUpload, IconX } from '@tabler/icons-react';
import { allowedExtensionsFor, checkUploads, formatFileSize } from '@canopy/core';
import classes from './media-files.module.css';

export interface ChosenFile {
  file: File;
  /** Bytes sent as a fraction, 0 to 1; null before the upload starts. */
  progress: number | null;
}

/**
 * Adds `picked` to `current` under the §5 rules: invalid files are left out (their messages
 * returned), and in single mode only the first file is kept. When replacing a file, `replacing`
 * is its extension (or name) and a new file must have the same one.
 */
export function addFiles(
  current: readonly ChosenFile[],
  picked: readonly File[],
  contentType: string,
  mode: 'single' | 'multiple',
  replacing?: string | null,
): { files: ChosenFile[]; errors: string[] } {
  const check = checkUploads([...current.map((chosen) => chosen.file), ...picked], {
    contentType,
    mode,
    replacing,
  });
  const kept = new Map(current.map((chosen) => [chosen.file, chosen]));
  return {
    files: check.accepted.map((file) => kept.get(file) ?? { file, progress: null }),
    errors: check.errors,
  };
}

export interface MediaFilesProps {
  contentType: string;
  mode: 'single' | 'multiple';
  files: readonly ChosenFile[];
  busy: boolean;
  /** The extensions the file chooser offers; by default every one the content type allows. */
  extensions?: readonly string[];
  /** Folder mode: choose or drop one folder; `onPick` gets its files and its name. */
  folder?: boolean;
  onPick: (files: File[], folder?: string) => void;
  onRemove: (file: File) => void;
}

/** A folder's own files (not those of its subfolders, nor hidden ones like .DS_Store). */
const visible = (files: File[]) => files.filter((file) => !file.name.startsWith('.'));

/** The files directly inside a folder chosen through the input (webkitRelativePath 'dir/name'). */
export function folderFiles(files: File[]): { files: File[]; folder?: string } {
  const inside = files.filter((file) => file.webkitRelativePath.split('/').length === 2);
  return { files: visible(inside), folder: inside[0]?.webkitRelativePath.split('/')[0] };
}

/** A dropped folder's own files, read through the entries API; null when no folder was dropped. */
async function droppedFolder(
  transfer: DataTransfer,
): Promise<{ files: File[]; folder: string } | null> {
  const entry = [...transfer.items]
    .map((item) => item.webkitGetAsEntry?.())
    .find((candidate) => candidate?.isDirectory) as FileSystemDirectoryEntry | undefined;
  if (!entry) return null;
  const reader = entry.createReader();
  const entries: FileSystemEntry[] = [];
  // readEntries answers in batches until it answers none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((done, fail) =>
      reader.readEntries(done, fail),
    );
    if (batch.length === 0) break;
    entries.push(...batch);
  }
  const files = await Promise.all(
    entries
      .filter((child): child is FileSystemFileEntry => child.isFile)
      .map((child) => new Promise<File>((done, fail) => child.file(done, fail))),
  );
  return { files: visible(files), folder: entry.name };
}

export function MediaFiles({
  contentType,
  mode,
  files,
  busy,
  extensions,
  folder,
  onPick,
  onRemove,
}: MediaFilesProps) {
  const [over, setOver] = useState(false);
  const accept = (extensions ?? allowedExtensionsFor(contentType))
    .map((extension) => `.${extension}`)
    .join(',');
  return (
    <Stack gap="xs">
      <label
        className={classes.drop}
        data-over={over || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          if (busy) return;
          const dropped = [...event.dataTransfer.files];
          if (!folder) return onPick(dropped);
          void droppedFolder(event.dataTransfer).then((found) =>
            found ? onPick(found.files, found.folder) : onPick(dropped),
          );
        }}
      >
        <input
          type="file"
          className={classes.input}
          aria-label={folder ? 'Choose a folder to upload' : 'Choose files to upload'}
          accept={folder ? undefined : accept}
          multiple={mode === 'multiple'}
          {...(folder && { webkitdirectory: '' })}
          disabled={busy}
          onChange={(event) => {
            const picked = [...(event.currentTarget.files ?? [])];
            if (folder) {
              const found = folderFiles(picked);
              onPick(found.files, found.folder);
            } else {
              onPick(picked);
            }
            event.currentTarget.value = '';
          }}
        />
        <IconUpload size={28} aria-hidden />
        <Text fw={600}>Click here to choose a file</Text>
        <Text size="sm" c="dimmed">
          or drag the file into this box.
        </Text>
        <Text size="xs" c="dimmed">
          {folder
            ? `A folder of ${accept.replaceAll(',', ', ')} files`
            : accept.replaceAll(',', ', ')}
        </Text>
      </label>
      {files.length > 0 && (
        <ul className={classes.list} aria-label="Files to upload">
          {files.map(({ file, progress }) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`} className={classes.file}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" truncate>
                  {file.name}
                </Text>
                <Group gap={6} wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    {formatFileSize(file.size)}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Remove ${file.name}`}
                    disabled={busy}
                    onClick={() => onRemove(file)}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                </Group>
              </Group>
              <Progress
                value={Math.round((progress ?? 0) * 100)}
                size="sm"
                mt={4}
                aria-label={`Upload of ${file.name}`}
                color={progress === 1 ? 'teal' : undefined}
              />
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}
