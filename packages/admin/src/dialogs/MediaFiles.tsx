/**
 * The Add Item dialog's media step (§2 Dialogs): the file drop box ('Click here to choose a
 * file' / 'or drag the file into this box.'), a real file input behind it, and the chosen files
 * with their size and upload progress. The §5 upload rules run here, before the server's.
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
  onPick: (files: File[]) => void;
  onRemove: (file: File) => void;
}

export function MediaFiles({
  contentType,
  mode,
  files,
  busy,
  extensions,
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
          if (!busy) onPick([...event.dataTransfer.files]);
        }}
      >
        <input
          type="file"
          className={classes.input}
          aria-label="Choose files to upload"
          accept={accept}
          multiple={mode === 'multiple'}
          disabled={busy}
          onChange={(event) => {
            onPick([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = '';
          }}
        />
        <IconUpload size={28} aria-hidden />
        <Text fw={600}>Click here to choose a file</Text>
        <Text size="sm" c="dimmed">
          or drag the file into this box.
        </Text>
        <Text size="xs" c="dimmed">
          {accept.replaceAll(',', ', ')}
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
