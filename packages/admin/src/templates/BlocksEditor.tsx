/**
 * A template's blocks (§3 Template block): add, rename, reorder and delete them, and edit each
 * block's field definitions. Content keeps one value per block, its first field's; a new block
 * comes with its first field, named as the block.
 */
import { useState } from 'react';
import {
  Accordion,
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { FIELD_TYPES } from '@canopy/core';
import { blankField, freeName, inputKey, type BlockDraft, type TemplateDraft } from './draft';
import { FieldDefinitionForm, type FieldFormProps } from './FieldDefinitionForm';

export interface BlocksEditorProps extends Pick<
  FieldFormProps,
  'readOnly' | 'widgets' | 'contentTypes' | 'forest' | 'errorOf' | 'touch'
> {
  blocks: BlockDraft[];
  update: (recipe: (draft: TemplateDraft) => void) => void;
  newId: () => string;
  /** Field panels that are open (by field id). */
  openFields: string[];
  onOpenFields: (ids: string[]) => void;
}

export function BlocksEditor(props: BlocksEditorProps) {
  const { blocks, update, readOnly, newId } = props;
  const [newName, setNewName] = useState('');
  const [newType, setNewType] = useState<string>('Short Text');

  const addBlock = () => {
    const blockId = newId();
    const fieldId = newId();
    const name = freeName(
      newName.trim() || 'New Block',
      blocks.map((block) => block.block_name.trim()),
    );
    update((draft) => {
      draft.blocks.push({
        block_id: blockId,
        block_name: name,
        fields: [{ ...blankField(fieldId, blockId, name), field_type: newType }],
      });
    });
    setNewName('');
    props.onOpenFields([...props.openFields, fieldId]);
  };

  return (
    <Stack gap="sm">
      {blocks.length === 0 && (
        <Text size="sm" c="dimmed">
          This template has no blocks yet. Add a block below: each block is one field of the content
          made from this template.
        </Text>
      )}
      {blocks.map((block, index) => (
        <BlockCard key={block.block_id} {...props} block={block} index={index} />
      ))}
      {!readOnly && (
        <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-gray-0)">
          <Group align="flex-end" gap="xs">
            <TextInput
              label="New block name"
              placeholder="New Block"
              value={newName}
              onChange={(event) => setNewName(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addBlock();
                }
              }}
              style={{ flex: 1 }}
            />
            <Select
              label="Field type"
              aria-label="New block's field type"
              data={[...FIELD_TYPES]}
              value={newType}
              allowDeselect={false}
              onChange={(value) => value && setNewType(value)}
              w={230}
            />
            <Button leftSection={<IconPlus size={16} />} onClick={addBlock}>
              Add block
            </Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}

function BlockCard(props: BlocksEditorProps & { block: BlockDraft; index: number }) {
  const { block, index, blocks, update, readOnly, errorOf, touch } = props;
  const nameKey = inputKey.block(block.block_id);
  const name = block.block_name || 'this block';
  const move = (by: number) =>
    update((draft) => {
      const [moved] = draft.blocks.splice(index, 1);
      draft.blocks.splice(index + by, 0, moved!);
    });
  const edit = (recipe: (draft: BlockDraft) => void) =>
    update((draft) => recipe(draft.blocks.find((b) => b.block_id === block.block_id)!));

  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={`Block ${block.block_name}`}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          id={nameKey}
          label="Block name"
          value={block.block_name}
          readOnly={readOnly}
          error={errorOf(nameKey)}
          onBlur={() => touch(nameKey)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            touch(nameKey);
            edit((draft) => {
              draft.block_name = value;
            });
          }}
          style={{ flex: 1 }}
        />
        <Tooltip label="Move up">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Move ${name} up`}
            disabled={readOnly || index === 0}
            onClick={() => move(-1)}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Move down">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Move ${name} down`}
            disabled={readOnly || index === blocks.length - 1}
            onClick={() => move(1)}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Delete the block and its fields (on Save)">
          <ActionIcon
            variant="default"
            color="red"
            size="lg"
            aria-label={`Delete ${name}`}
            disabled={readOnly}
            onClick={() =>
              update((draft) => {
                draft.blocks = draft.blocks.filter((b) => b.block_id !== block.block_id);
              })
            }
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Accordion
        multiple
        mt="xs"
        variant="separated"
        value={props.openFields}
        onChange={props.onOpenFields}
        chevronPosition="left"
      >
        {block.fields.map((field, fieldIndex) => (
          <Accordion.Item key={field.field_id} value={field.field_id}>
            <Group gap={4} wrap="nowrap" pr="xs">
              {/* The badges sit beside the control: its name holds all of its text (WCAG 2.5.3). */}
              <Accordion.Control aria-label={`Field ${field.field_name || '(no name)'}`}>
                <Text size="sm" fw={500}>
                  {field.field_name || '(no name)'}
                </Text>
              </Accordion.Control>
              <Group gap="xs" wrap="nowrap">
                <Badge variant="light" size="sm">
                  {field.field_type}
                </Badge>
                {field.is_required === 1 && (
                  <Badge variant="outline" color="red" size="sm">
                    required
                  </Badge>
                )}
                {fieldIndex > 0 && (
                  <Badge variant="outline" color="gray" size="sm">
                    not stored
                  </Badge>
                )}
              </Group>
              {!readOnly && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete field ${field.field_name || '(no name)'}`}
                  onClick={() =>
                    edit((draft) => {
                      draft.fields = draft.fields.filter((f) => f.field_id !== field.field_id);
                    })
                  }
                >
                  <IconTrash size={14} />
                </ActionIcon>
              )}
            </Group>
            <Accordion.Panel>
              <FieldDefinitionForm
                {...props}
                field={field}
                onChange={(patch) =>
                  edit((draft) => {
                    Object.assign(
                      draft.fields.find((f) => f.field_id === field.field_id)!,
                      patch,
                    );
                  })
                }
              />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {block.fields.length > 1 && (
        <Text size="xs" c="dimmed" mt={6}>
          Content keeps one value per block, its first field&apos;s; the fields marked not stored
          are kept in the definition only.
        </Text>
      )}
      {!readOnly && (
        <Button
          variant="subtle"
          size="xs"
          mt={6}
          leftSection={<IconPlus size={14} />}
          onClick={() => {
            const fieldId = props.newId();
            const fieldName = freeName(
              block.fields.length === 0 ? block.block_name.trim() || 'New Field' : 'New Field',
              block.fields.map((f) => f.field_name.trim()),
            );
            edit((draft) => {
              draft.fields.push(blankField(fieldId, block.block_id, fieldName));
            });
            props.onOpenFields([...props.openFields, fieldId]);
          }}
        >
          Add field to {name}
        </Button>
      )}
    </Paper>
  );
}
