/**
 * 'Add Item' (§2 Dialogs, §4 Add item, §5 Add Item): the templates the selected parent allows,
 * grouped as in the template folders, an Item Name (validated as every text field is, §5), OK
 * and Cancel, and the inline error list.
 */
import { useMemo, useState } from 'react';
import { Button, Group, Modal, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import {
  INVALID_TEMPLATE_MESSAGE,
  isAllowedChild,
  isMediaContentType,
  validateText,
  type MenuItem,
} from '@canopy/core';
import { ErrorList } from '@canopy/ui';

export const NEW_ITEM_NAME = 'New Item';
const ITEM_NAME_RULES = { is_required: 1 };

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
        !isMediaContentType(child.template_type_id?.replace(/-template$/, '') ?? '') &&
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
}

export function AddItemDialog({
  opened,
  parent,
  templateRoots,
  onCancel,
  onCreate,
}: AddItemDialogProps) {
  const groups = useMemo(() => creatableTemplates(parent, templateRoots), [parent, templateRoots]);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [name, setName] = useState(NEW_ITEM_NAME);
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const nameError = validateText(name, ITEM_NAME_RULES);

  const submit = async () => {
    setTouched(true);
    const template = groups
      .flatMap((group) => group.templates)
      .find((candidate) => candidate.content_id === templateId);
    const problems: string[] = [];
    if (!template || !isAllowedChild(parent, template.template_type_id ?? '')) {
      problems.push(INVALID_TEMPLATE_MESSAGE);
    }
    setErrors(problems);
    if (problems.length > 0 || nameError || !template) return;
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
          </Text>
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
                  {group.templates.map((template) => (
                    <Radio
                      key={template.content_id}
                      value={template.content_id}
                      label={template.content_name}
                      ml="xs"
                    />
                  ))}
                </Stack>
              ))}
            </ScrollArea.Autosize>
          </Radio.Group>
          <TextInput
            label="Item Name"
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched ? nameError : null}
          />
          <ErrorList errors={errors} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              OK
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
