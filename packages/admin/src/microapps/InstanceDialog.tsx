/**
 * Create or change a micro-app instance: its name, the version it runs and its configuration
 * (the settings the element gets as attributes: name and text per row).
 */
import { useState } from 'react';
import { Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { settingNameProblem } from '@canopy/core';
import { errorMessage } from '@canopy/client';
import type { MicroappInstance, SiteMicroapp } from '@canopy/ui/microapps';
import { AddRowButton, DialogFooter, RemoveRowButton } from './form-parts';

export interface InstanceValues {
  instance_name: string;
  instance_version: string;
  configuration: Record<string, string>;
}

interface Row {
  key: number;
  name: string;
  value: string;
}

/** The first problem of the settings as typed, or null. */
export function settingsProblem(rows: readonly { name: string; value: string }[]): string | null {
  const seen = new Set<string>();
  for (const row of rows) {
    const name = row.name.trim();
    if (!name && !row.value) continue;
    const problem = settingNameProblem(name);
    if (problem) return problem;
    if (seen.has(name)) return `The setting "${name}" is listed twice`;
    seen.add(name);
  }
  return null;
}

export function InstanceDialog(props: {
  app: SiteMicroapp;
  /** The instance to change; absent to create one. */
  instance?: MicroappInstance;
  onSave: (values: InstanceValues) => Promise<void>;
  onClose: () => void;
}) {
  const { app, instance } = props;
  const [name, setName] = useState(instance?.instance_name ?? '');
  const [version, setVersion] = useState(
    instance?.instance_version ?? app.versions[app.versions.length - 1]?.version ?? '',
  );
  const [rows, setRows] = useState<Row[]>(() =>
    Object.entries(instance?.configuration ?? {}).map(([key, value], index) => ({
      key: index,
      name: key,
      value,
    })),
  );
  const [nextKey, setNextKey] = useState(rows.length);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const rowsProblem = settingsProblem(rows);

  const save = async () => {
    if (!name.trim() || rowsProblem) return;
    setSaving(true);
    setProblem(null);
    try {
      await props.onSave({
        instance_name: name.trim(),
        instance_version: version,
        configuration: Object.fromEntries(
          rows.filter((row) => row.name.trim()).map((row) => [row.name.trim(), row.value]),
        ),
      });
    } catch (error) {
      setProblem(errorMessage(error, 'The server could not be reached'));
    } finally {
      setSaving(false);
    }
  };

  const change = (key: number, part: Partial<Row>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...part } : row)));

  return (
    <Modal
      opened
      onClose={props.onClose}
      size="lg"
      title={instance ? `Edit instance: ${instance.instance_name}` : `New ${app.name} instance`}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Instance name"
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
            description={instance ? `Unique name: ${instance.unique_name}` : undefined}
          />
          <Select
            label="Version"
            data={app.versions.map((v) => ({
              value: v.version,
              label: `${v.version} (${v.runtime === 'module' ? `<${v.element_name}>` : 'framed page'})`,
            }))}
            value={version}
            onChange={(next) => next && setVersion(next)}
            allowDeselect={false}
          />
          <div>
            <Text size="sm" fw={500}>
              Configuration
            </Text>
            <Text size="xs" c="dimmed" mb={6}>
              {app.versions.find((v) => v.version === version)?.runtime === 'frame'
                ? 'This version runs as a framed page, which receives no settings: they are kept for other versions.'
                : 'Each setting is given to the element as an attribute.'}
            </Text>
            <Stack gap={6}>
              {rows.length === 0 && (
                <Text size="sm" c="dimmed">
                  No settings: the micro-app runs with its own defaults.
                </Text>
              )}
              {rows.map((row, index) => (
                <Group key={row.key} gap="xs" wrap="nowrap" align="flex-start">
                  <TextInput
                    aria-label={`Setting ${index + 1} name`}
                    placeholder="name"
                    value={row.name}
                    onChange={(event) => change(row.key, { name: event.currentTarget.value })}
                    w={200}
                  />
                  <TextInput
                    aria-label={`Setting ${index + 1} value`}
                    placeholder="value"
                    value={row.value}
                    onChange={(event) => change(row.key, { value: event.currentTarget.value })}
                    style={{ flex: 1 }}
                  />
                  <RemoveRowButton
                    label={`Remove setting ${index + 1}`}
                    onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                  />
                </Group>
              ))}
              <AddRowButton
                onClick={() => {
                  setRows((all) => [...all, { key: nextKey, name: '', value: '' }]);
                  setNextKey(nextKey + 1);
                }}
              >
                Add setting
              </AddRowButton>
              {rowsProblem && (
                <Text size="xs" c="red">
                  {rowsProblem}
                </Text>
              )}
            </Stack>
          </div>
          <DialogFooter
            problem={problem}
            onCancel={props.onClose}
            saving={saving}
            submitLabel={instance ? 'Save instance' : 'Create instance'}
            disabled={!name.trim() || Boolean(rowsProblem)}
          />
        </Stack>
      </form>
    </Modal>
  );
}
