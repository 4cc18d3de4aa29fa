/**
 * 'Add Item' (§2 Dialogs, §4 Add item, §5 Add Item): under a content item the 'New Content from
 * Template' tree, under a template folder the 'New Template' tree (template-choices.ts), an Item
 * Name (validated as every text field is, §5), OK and Cancel, and the inline error list. A media
 * template reads 'Next' and leads to the file step: one media item per file, each named after
 * its file; a multi-stream video is one item made of a whole folder (its HLS stream).
 */
import { useMemo, useState } from 'react';
import { Button, Group, Modal, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import {
  INVALID_TEMPLATE_MESSAGE,
  checkUploads,
  isAllowedChild,
  validateText,
  type MenuItem,
} from '@canopy/core';
import { ErrorList } from '@canopy/ui';
import { MediaFiles, addFiles, type ChosenFile } from './MediaFiles';
import { contentChoices, mediaTypeOf, templateChoices, type Choice } from './template-choices';

export const NEW_ITEM_NAME = 'New Item';
const ITEM_NAME_RULES = { is_required: 1 };
const STREAM = 'multi-stream-video';

/** The message of a failed upload, naming its file once ('{file}: ...', §5). */
export function uploadFailure(file: File, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.startsWith(`${file.name}:`) ? message : `${file.name}: ${message}`;
}

export interface AddItemDialogProps {
  opened: boolean;
  parent: MenuItem;
  templateRoots: MenuItem[];
  /** Template type names by id (GET /api/references/), for the 'New Template' tree. */
  templateTypeNames?: ReadonlyMap<string, string>;
  onCancel: () => void;
  /**
   * Creates the item: content from `template`, or (template null) a template of
   * `templateTypeId`; a rejection's message shows in the error list.
   */
  onCreate: (input: {
    template: MenuItem | null;
    templateTypeId: string;
    name: string;
  }) => Promise<void>;
  /**
   * Creates one media item from the template and uploads the file into it, reporting the bytes
   * sent as a fraction; resolves with the new item's id, rejects with the server's message.
   */
  onCreateMedia: (input: {
    template: MenuItem;
    file: File;
    onProgress: (fraction: number) => void;
  }) => Promise<string>;
  /**
   * A multi-stream video: creates one item named `name`, its folder, then uploads every file
   * into it, reporting each file's progress; resolves with the item's id, rejects with the
   * message of the file that failed (`file` set) or of the folder.
   */
  onCreateStream?: (input: {
    template: MenuItem;
    name: string;
    files: File[];
    onProgress: (file: File, fraction: number) => void;
  }) => Promise<string>;
  /** After the uploads of OK: the items made, and how many files failed (they stay listed). */
  onMediaDone: (result: { created: string[]; failed: number }) => Promise<void> | void;
}

export function AddItemDialog({
  opened,
  parent,
  templateRoots,
  templateTypeNames,
  onCancel,
  onCreate,
  onCreateMedia,
  onCreateStream,
  onMediaDone,
}: AddItemDialogProps) {
  const newTemplate = parent.item_type === 'template';
  const groups = useMemo(
    () =>
      newTemplate
        ? templateChoices(parent, templateRoots, templateTypeNames ?? new Map())
        : contentChoices(parent, templateRoots),
    [newTemplate, parent, templateRoots, templateTypeNames],
  );
  const [choiceKey, setChoiceKey] = useState<string | null>(null);
  const [name, setName] = useState(NEW_ITEM_NAME);
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<'template' | 'files'>('template');
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [folder, setFolder] = useState<string | null>(null);
  const choice: Choice | undefined = groups
    .flatMap((group) => group.choices)
    .find((candidate) => candidate.key === choiceKey);
  const template = choice?.template ?? null;
  const mediaType = template ? mediaTypeOf(template) : null;
  const stream = mediaType === STREAM;
  const nameError = mediaType ? null : validateText(name, ITEM_NAME_RULES);

  const setProgress = (file: File, progress: number) =>
    setFiles((current) =>
      current.map((chosen) => (chosen.file === file ? { ...chosen, progress } : chosen)),
    );

  /** One item per file, or for a multi-stream video one item of the whole folder. */
  const upload = async (contentType: string) => {
    if (!template) return;
    const problems = checkUploads(
      files.map((chosen) => chosen.file),
      { contentType },
    ).errors;
    setErrors(problems);
    if (problems.length > 0) return;
    setBusy(true);
    const created: string[] = [];
    const failed: File[] = [];
    const failures: string[] = [];
    if (stream && onCreateStream) {
      try {
        created.push(
          await onCreateStream({
            template,
            name: folder ?? NEW_ITEM_NAME,
            files: files.map((chosen) => chosen.file),
            onProgress: setProgress,
          }),
        );
      } catch (error) {
        failed.push(...files.map((chosen) => chosen.file));
        failures.push(error instanceof Error ? error.message : String(error));
      }
    } else {
      for (const { file } of files) {
        try {
          created.push(
            await onCreateMedia({
              template,
              file,
              onProgress: (fraction) => setProgress(file, fraction),
            }),
          );
        } catch (error) {
          failed.push(file);
          failures.push(uploadFailure(file, error));
          setProgress(file, 0);
        }
      }
    }
    setFiles((current) => current.filter((chosen) => failed.includes(chosen.file)));
    setErrors(failures);
    setBusy(false);
    await onMediaDone({ created, failed: failed.length });
  };

  const submit = async () => {
    if (step === 'files' && mediaType) return upload(mediaType);
    setTouched(true);
    const problems: string[] = [];
    if (!choice || !isAllowedChild(parent, choice.templateTypeId)) {
      problems.push(INVALID_TEMPLATE_MESSAGE);
    }
    setErrors(problems);
    if (problems.length > 0 || nameError || !choice) return;
    if (mediaType) {
      setStep('files');
      return;
    }
    setBusy(true);
    try {
      await onCreate({ template, templateTypeId: choice.templateTypeId, name: name.trim() });
    } catch (error) {
      setErrors([error instanceof Error ? error.message : String(error)]);
    } finally {
      setBusy(false);
    }
  };

  const treeLabel = newTemplate ? 'New Template' : 'New Content from Template';
  return (
    <Modal opened={opened} onClose={onCancel} title="Add Item" centered size="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Under <b>{parent.content_name}</b>
            {step === 'files' && template && (
              <>
                {' '}
                -{' '}
                {stream
                  ? `one ${template.content_name} of a folder`
                  : `new ${template.content_name} per file`}
              </>
            )}
          </Text>
          {step === 'files' && mediaType ? (
            <MediaFiles
              contentType={mediaType}
              mode="multiple"
              folder={stream}
              files={files}
              busy={busy}
              onPick={(picked, pickedFolder) => {
                const next = addFiles(stream ? [] : files, picked, mediaType, 'multiple');
                setFiles(next.files);
                setErrors(next.errors);
                if (stream) setFolder(pickedFolder ?? null);
              }}
              onRemove={(file) => setFiles(files.filter((chosen) => chosen.file !== file))}
            />
          ) : (
            <>
              <Radio.Group
                label={treeLabel}
                value={choiceKey}
                onChange={(value) => {
                  setChoiceKey(value);
                  setErrors([]);
                }}
              >
                <ScrollArea.Autosize mah={260} mt={4}>
                  {groups.length === 0 && (
                    <Text size="sm" c="dimmed">
                      Nothing may be created here.
                    </Text>
                  )}
                  {groups.map((group) => (
                    <Stack
                      key={group.folder}
                      gap={6}
                      mb="xs"
                      role="group"
                      aria-label={group.folder}
                    >
                      <Text size="xs" fw={600} c="dimmed" tt="uppercase" aria-hidden>
                        {group.folder}
                      </Text>
                      {group.choices.map((candidate) => (
                        <Radio
                          key={candidate.key}
                          value={candidate.key}
                          label={candidate.label}
                          ml="xs"
                        />
                      ))}
                    </Stack>
                  ))}
                </ScrollArea.Autosize>
              </Radio.Group>
              {mediaType ? (
                <Text size="sm" c="dimmed">
                  {stream
                    ? 'Choose the folder of an HLS stream: its playlists, segments and poster become one item, named after the folder.'
                    : 'Each file becomes one item, named after the file.'}
                </Text>
              ) : (
                <TextInput
                  label="Item Name"
                  required
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                  onBlur={() => setTouched(true)}
                  error={touched ? nameError : null}
                />
              )}
            </>
          )}
          <ErrorList errors={errors} />
          <Group justify="flex-end">
            {step === 'files' && (
              <Button
                variant="subtle"
                mr="auto"
                disabled={busy}
                onClick={() => {
                  setStep('template');
                  setErrors([]);
                }}
              >
                Back
              </Button>
            )}
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {step === 'template' && mediaType ? 'Next' : 'OK'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
