/** The template's header (UI.md): breadcrumb, name, type, last update, and the command bar. */
import { Badge, Button, Group, Paper, Text, Title, Tooltip } from '@mantine/core';
import { IconDeviceFloppy, IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import type { MenuItem } from '@canopy/core';
import { ItemIcon } from '@canopy/ui/items';
import type { LoadedTemplate } from './draft';
import { formatUpdated } from '@canopy/ui';
import { ItemTrail } from '../tree/ItemTrail';

/** A command of the bar: what it does, and why it is disabled (null when enabled). */
export interface Command {
  perform: () => void;
  disabled: string | null;
  loading?: boolean;
}

export interface TemplateHeaderProps {
  template: LoadedTemplate;
  name: string;
  trail: MenuItem[];
  dirty: boolean;
  commands: { save: Command; discard: Command; remove: Command };
}

function CommandButton(props: {
  command: Command;
  label: string;
  icon: React.ReactNode;
  variant?: string;
  color?: string;
}) {
  const button = (
    <Button
      size="xs"
      variant={props.variant ?? 'default'}
      color={props.color}
      leftSection={props.icon}
      disabled={props.command.disabled !== null}
      loading={props.command.loading}
      onClick={props.command.perform}
    >
      {props.label}
    </Button>
  );
  return props.command.disabled ? (
    <Tooltip label={props.command.disabled}>{button}</Tooltip>
  ) : (
    button
  );
}

export function TemplateHeader({ template, name, trail, dirty, commands }: TemplateHeaderProps) {
  const self = trail[trail.length - 1];
  return (
    <Paper radius={0} px="lg" py="md" className="item-header" withBorder>
      <ItemTrail trail={trail} current={template.template_id} />
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          {self && <ItemIcon item={self} size={22} />}
          <Title order={2} size="h3">
            {template.template_name}
          </Title>
          <Badge variant="light" color="gray">
            {template.template_type_id}
          </Badge>
          {dirty && (
            <Badge variant="light" color="orange">
              unsaved changes
            </Badge>
          )}
        </Group>
      </Group>
      <Group gap="xs" mt="sm" role="toolbar" aria-label="Template commands">
        <CommandButton
          command={commands.save}
          label="Save"
          variant="filled"
          icon={<IconDeviceFloppy size={14} />}
        />
        <CommandButton
          command={commands.discard}
          label="Discard changes"
          icon={<IconArrowBackUp size={14} />}
        />
        <CommandButton
          command={commands.remove}
          label="Delete template"
          color="red"
          variant="light"
          icon={<IconTrash size={14} />}
        />
        <Text size="sm" c="dimmed" ml="auto">
          Updated {formatUpdated(template.updated_date)}
          {template.updated_by ? ` by ${template.updated_by}` : ''}
          {name.trim() !== template.template_name ? ` - renaming to "${name.trim()}"` : ''}
        </Text>
      </Group>
    </Paper>
  );
}
