/**
 * 'Add Item' (§2 Dialogs, §4 Add item, §5 Add Item): the templates the selected parent allows,
 * grouped as in the template folders, an Item Name (validated as every text field is, §5), OK
 * and Cancel, and the inline error list. A media template (image, video, document) reads 'Next'
 * and leads to the file step: one media item per file, each named after its file.
 */
import { useMemo, useState } from 'react';
import { Button, Group, Modal, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import {
  INVALID_TEMPLATE_MESSAGE,
  checkUploads,
  isAllowedChild,
  isMediaContentType,
  validateText,
  type MenuItem,
} from '@canopy/core';
import { ErrorList } from '@canopy/ui';
import { MediaFiles, addFiles, type ChosenFile } from './MediaFiles';

export const NEW_ITEM_NAME = 'New Item';
const ITEM_NAME_RULES = { is_required: 1 };

/** Media types whose item holds one file (a multi-stream video is a folder of files). */
const SINGLE_FILE_MEDIA = new Set(['image', 'video', 'document']);

/** The media content type a template creates ('image'...), or null for any other template. */
export function mediaTypeOf(template: MenuItem): string | null {
  const type = template.template_type_id?.replace(/-template$/, '') ?? '';
  return SINGLE_FILE_MEDIA.has(type) ? type : null;
}

/** A template someone may create content from (not a folder, not a widget). */
function isContentTemplate(item: MenuItem): boolean {
  const type = item.template_type_id ?? '';
  return item.item_type === 'template' && type !== 'template-folder' && type !== 'widget-template';
}

export interface TemplateGroup {
  folder: string;
  templates: MenuItem[];
}

/** 'New Content from Template': the template folders' content templates the parent allows. */
export function creatableTemplates(parent: MenuItem, templateRoots: MenuItem[]): TemplateGroup[] {
  const groups: TemplateGroup[] = [];
  const walk = (folder: MenuItem) => {
    const templates = folder.children.filter(
      (child) =>
        isContentTemplate(child) &&
        (mediaTypeOf(child) != null ||
          !isMediaContentType(child.template_type_id?.replace(/-template$/, '') ?? '')) &&
        isAllowedChild(parent, child.template_type_id ?? ''),
    );
    if (templates.length > 0) groups.push({ folder: folder.content_name, templates });
    folder.children.filter((child) => child.children.length > 0).forEach(walk);
  };
  templateRoots.forEach(walk);
  return groups;
}

export interface AddItemDialogProps {
  opened: boolean;
  parent: MenuItem;
  templateRoots: MenuItem[];
  onCancel: () => void;
  /** Creates the item; a rejection's message shows in the error list. */
  onCreate: (input: { template: MenuItem; name: string }) => Promise<void>;
  /**
   * Creates one media item from the template and uploads the file into it, reporting the bytes
   * sent as a fraction; resolves with the new item's id, rejects with the server's message.
   */
  onCreateMedia: (input: {
    template: MenuItem;
    file: File;
    onProgress: (fraction: number) => void;
  }) => Promise<string>;
  /** After the uploads of OK: the items made, and how many files failed (they stay listed). */
  onMediaDone: (result: { created: string[]; failed: number }) => Promise<void> | void;
}

export function AddItemDialog({
  opened,
  parent,
  templateRoots,
  onCancel,
  onCreate,
  onCreateMedia,
  onMediaDone,
}: AddItemDialogProps) {
  const groups = useMemo(() => creatableTemplates(parent, templateRoots), [parent, templateRoots]);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [name, setName] = useState(NEW_ITEM_NAME);
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<'template' | 'files'>('template');
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const template = groups
    .flatMap((group) => group.templates)
    .find((candidate) => candidate.content_id === templateId);
  const mediaType = template ? mediaTypeOf(template) : null;
  const nameError = mediaType ? null : validateText(name, ITEM_NAME_RULES);

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
    const setProgress = (file: File, progress: number) =>
      setFiles((current) =>
        current.map((chosen) => (chosen.file === file ? { ...chosen, progress } : chosen)),
      );
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
        const message = error instanceof Error ? error.message : String(error);
        // The server's upload messages name the file already ('{file}: ...', §5).
        failures.push(message.startsWith(`${file.name}:`) ? message : `${file.name}: ${message}`);
        setProgress(file, 0);
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
    if (!template || !isAllowedChild(parent, template.template_type_id ?? '')) {
      problems.push(INVALID_TEMPLATE_MESSAGE);
    }
    setErrors(problems);
    if (problems.length > 0 || nameError || !template) return;
    if (mediaType) {
      setStep('files');
      return;
    }
    setBusy(true);
    try {
      await onCreate({ template, name: name.trim() });
    } catch (error) {
      setErrors([error instanceof Error ? error.message : String(error)]);
    } finally {
      setBusy(false);
    }
  };

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
            {step === 'files' && template && <> - new {template.content_name} per file</>}
          </Text>
          {step === 'files' && mediaType ? (
            <MediaFiles
              contentType={mediaType}
              mode="multiple"
              files={files}
              busy={busy}
              onPick={(picked) => {
                const next = addFiles(files, picked, mediaType, 'multiple');
                setFiles(next.files);
                setErrors(next.errors);
              }}
              onRemove={(file) => setFiles(files.filter((chosen) => chosen.file !== file))}
            />
          ) : (
            <>
              <Radio.Group
                label="New Content from Template"
                value={templateId}
                onChange={(value) => {
                  setTemplateId(value);
                  setErrors([]);
                }}
              >
                <ScrollArea.Autosize mah={260} mt={4}>
                  {groups.length === 0 && (
                    <Text size="sm" c="dimmed">
                      No template may be created here.
                    </Text>
                  )}
                  {groups.map((group) => (
                    <Stack key={group.folder} gap={6} mb="xs">
                      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                        {group.folder}
                      </Text>
                      {group.templates.map((candidate) => (
                        <Radio
                          key={candidate.content_id}
                          value={candidate.content_id}
                          label={candidate.content_name}
                          ml="xs"
                        />
                      ))}
                    </Stack>
                  ))}
                </ScrollArea.Autosize>
              </Radio.Group>
              {mediaType ? (
                <Text size="sm" c="dimmed">
                  Each file becomes one item, named after the file.
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
