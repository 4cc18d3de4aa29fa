/** A template folder's templates, each a link, and 'New template' (needs Create on the folder). */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { MenuItem } from '@canopy/core';
import { Authorized } from '@canopy/ui';
import type { TemplateType } from '../api';
import { itemRoute } from '../tree/forest';
import { ItemIcon } from '@canopy/ui/items';
import type { LoadedTemplate } from './draft';
import { NewTemplateDialog } from './NewTemplateDialog';

export function FolderChildren(props: {
  folder: LoadedTemplate;
  items: MenuItem[];
  templateTypes: readonly TemplateType[];
  newId: () => string;
}) {
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const typeName = (id: string | null) =>
    props.templateTypes.find((type) => type.template_type_id === id)?.template_type_name ?? id;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Templates in this folder">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          Templates in this folder
        </Title>
        <Authorized
          permissions={props.folder.permissions}
          expected="Create"
          reason="You need Create permission on this folder"
        >
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
            New template
          </Button>
        </Authorized>
      </Group>
      {props.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          This folder is empty. Use New template to create the first template.
        </Text>
      ) : (
        <Table verticalSpacing={4} highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.items.map((item) => (
              <Table.Tr key={item.content_id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <ItemIcon item={item} />
                    <Anchor component={Link} to={itemRoute(item)} size="sm">
                      {item.content_name}
                    </Anchor>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {typeName(item.template_type_id)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {creating && (
        <NewTemplateDialog
          folder={props.folder}
          templateTypes={props.templateTypes}
          newId={props.newId}
          onCancel={() => setCreating(false)}
          onCreated={async (templateId) => {
            setCreating(false);
            await navigate(`/templates/${templateId}`);
          }}
        />
      )}
    </Paper>
  );
}
