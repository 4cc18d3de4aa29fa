/** 'New template' in a template folder: a name and a type the folder allows (POST /api/templates). */
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { splitList } from '@canopy/core';
import { errorMessage } from '@canopy/client';
import { ErrorList } from '@canopy/ui';
import type { TemplateType } from '../api';
import { useCreateTemplate } from './api';

export interface NewTemplateDialogProps {
  folder: { template_id: string; template_name: string; allowed_template_type: string };
  templateTypes: readonly TemplateType[];
  newId: () => string;
  onCancel: () => void;
  onCreated: (templateId: string) => void | Promise<void>;
}

export function NewTemplateDialog(props: NewTemplateDialogProps) {
  const allowed = splitList(props.folder.allowed_template_type);
  const types = props.templateTypes.filter(
    (type) => allowed.length === 0 || allowed.includes(type.template_type_id),
  );
  const [name, setName] = useState('');
  const [type, setType] = useState<string | null>(
    types.length === 1 ? types[0]!.template_type_id : null,
  );
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const create = useCreateTemplate();
  const busy = create.isPending;
  const nameError = touched && name.trim() === '' ? 'This field is required' : null;
  const typeError = touched && !type ? 'Choose a template type' : null;

  const submit = async () => {
    setTouched(true);
    if (name.trim() === '' || !type) return;
    const templateId = props.newId();
    try {
      await create.mutateAsync({
        template_id: templateId,
        template_name: name.trim(),
        template_type_id: type,
        parent_id: props.folder.template_id,
      });
    } catch (error) {
      setErrors([errorMessage(error, 'The template could not be created')]);
      return;
    }
    await props.onCreated(templateId);
  };

  return (
    <Modal opened onClose={props.onCancel} title="New template" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Template name"
            required
            data-autofocus
            value={name}
            error={nameError}
            onChange={(event) => setName(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
          />
          <Select
            label="Template type"
            required
            data={types.map((t) => ({ value: t.template_type_id, label: t.template_type_name }))}
            value={type}
            error={typeError}
            onChange={setType}
            comboboxProps={{ withinPortal: true }}
          />
          <ErrorList errors={errors} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onCancel} disabled={busy}>
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
