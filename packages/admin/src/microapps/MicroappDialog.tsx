/**
 * Register a micro-app for a site, or change one: its id (when new), name, description, its
 * versions (each a module defining a custom element, or a page to frame) and the APIs it calls
 * (`registeredclientapis`). The server checks everything again.
 */
import { useState } from 'react';
import {
  Fieldset,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { isCustomElementName, isMicroappUrl, type MicroappRuntime } from '@canopy/core';
import { errorMessage } from '@canopy/client';
import type { NewMicroapp, SiteMicroapp } from '@canopy/ui/microapps';
import { AddRowButton, DialogFooter, RemoveRowButton } from './form-parts';

const MICROAPP_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface VersionRow {
  key: number;
  version: string;
  runtime: MicroappRuntime;
  module_url: string;
  element_name: string;
  frame_url: string;
  frame_height: number | '';
}

interface ApiRow {
  key: number;
  name: string;
  url: string;
  method: string;
}

export type MicroappValues = Omit<NewMicroapp, 'site_id'>;

const emptyVersion = (key: number): VersionRow => ({
  key,
  version: '',
  runtime: 'module',
  module_url: '',
  element_name: '',
  frame_url: '',
  frame_height: '',
});

/** The first problem of the form as typed (the server's rules), or null. */
export function microappProblem(
  id: string,
  name: string,
  versions: readonly VersionRow[],
  apis: readonly ApiRow[],
): string | null {
  if (!MICROAPP_ID.test(id)) {
    return 'The id needs lower-case letters, digits and hyphens (at most 63), e.g. loan-calculator';
  }
  if (!name.trim()) return 'The micro-app needs a name';
  if (versions.length === 0) return 'Add at least one version';
  const seen = new Set<string>();
  for (const [index, v] of versions.entries()) {
    const label = v.version.trim() ? `Version "${v.version.trim()}"` : `Version ${index + 1}`;
    if (!v.version.trim()) return `${label} needs a version name`;
    if (seen.has(v.version.trim())) return `${label} is listed twice`;
    seen.add(v.version.trim());
    if (v.runtime === 'module') {
      if (!isMicroappUrl(v.module_url.trim())) {
        return `${label}: the module URL must be a path on this server or an http(s) address`;
      }
      if (!isCustomElementName(v.element_name.trim())) {
        return `${label}: the element name must be lower case with a hyphen, e.g. loan-calculator`;
      }
    } else if (!isMicroappUrl(v.frame_url.trim())) {
      return `${label}: the page URL must be a path on this server or an http(s) address`;
    }
  }
  for (const api of apis) {
    if (!api.name.trim()) return 'Each API needs a name';
    if (!isMicroappUrl(api.url.trim())) {
      return `The API "${api.name.trim()}" needs a URL: a path on this server or an http(s) address`;
    }
  }
  return null;
}

export function MicroappDialog(props: {
  siteName: string;
  /** The micro-app to change; absent to register one. */
  app?: SiteMicroapp;
  onSave: (values: MicroappValues) => Promise<void>;
  onClose: () => void;
}) {
  const { app } = props;
  const [id, setId] = useState(app?.microapp_id ?? '');
  const [name, setName] = useState(app?.name ?? '');
  const [description, setDescription] = useState(app?.description ?? '');
  const [versions, setVersions] = useState<VersionRow[]>(() =>
    app
      ? app.versions.map((v, key) => ({
          key,
          version: v.version,
          runtime: v.runtime,
          module_url: v.module_url ?? '',
          element_name: v.element_name ?? '',
          frame_url: v.frame_url ?? '',
          frame_height: v.frame_height ?? '',
        }))
      : [emptyVersion(0)],
  );
  const [apis, setApis] = useState<ApiRow[]>(() =>
    (app?.registeredclientapis ?? []).map((api, key) => ({ key, ...api })),
  );
  const [nextKey, setNextKey] = useState(100);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const formProblem = microappProblem(id, name, versions, apis);

  const newKey = () => {
    setNextKey(nextKey + 1);
    return nextKey;
  };
  const changeVersion = (key: number, part: Partial<VersionRow>) =>
    setVersions((all) => all.map((v) => (v.key === key ? { ...v, ...part } : v)));
  const changeApi = (key: number, part: Partial<ApiRow>) =>
    setApis((all) => all.map((a) => (a.key === key ? { ...a, ...part } : a)));

  const save = async () => {
    setTried(true);
    if (formProblem) return;
    setSaving(true);
    setProblem(null);
    try {
      await props.onSave({
        microapp_id: id,
        name: name.trim(),
        description: description.trim(),
        versions: versions.map((v) =>
          v.runtime === 'module'
            ? {
                version: v.version.trim(),
                runtime: 'module',
                module_url: v.module_url.trim(),
                element_name: v.element_name.trim(),
              }
            : {
                version: v.version.trim(),
                runtime: 'frame',
                frame_url: v.frame_url.trim(),
                frame_height: v.frame_height === '' ? null : v.frame_height,
              },
        ),
        registeredclientapis: apis.map((a) => ({
          name: a.name.trim(),
          url: a.url.trim(),
          method: a.method,
        })),
      });
    } catch (error) {
      setProblem(errorMessage(error, 'The server could not be reached'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      size="xl"
      title={app ? `Edit micro-app: ${app.name}` : `Register a micro-app for ${props.siteName}`}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput
              label="Micro-app id"
              description="Lower-case letters, digits and hyphens; it cannot change later"
              required
              value={id}
              readOnly={Boolean(app)}
              onChange={(event) => setId(event.currentTarget.value)}
              data-autofocus={!app || undefined}
            />
            <TextInput
              label="Name"
              required
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              data-autofocus={app ? true : undefined}
            />
          </Group>
          <Textarea
            label="Description"
            rows={2}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          {versions.map((v, index) => (
            <Fieldset key={v.key} legend={`Version ${index + 1}`} p="sm">
              <Stack gap="xs">
                <Group align="flex-end" wrap="nowrap">
                  <TextInput
                    label="Version"
                    required
                    w={140}
                    value={v.version}
                    onChange={(event) =>
                      changeVersion(v.key, { version: event.currentTarget.value })
                    }
                  />
                  <div>
                    <Text size="sm" fw={500} mb={4} id={`runtime-${v.key}`}>
                      Runs as
                    </Text>
                    <SegmentedControl
                      aria-labelledby={`runtime-${v.key}`}
                      value={v.runtime}
                      onChange={(runtime) =>
                        changeVersion(v.key, { runtime: runtime as MicroappRuntime })
                      }
                      data={[
                        { value: 'module', label: 'Custom element (module)' },
                        { value: 'frame', label: 'Framed page' },
                      ]}
                    />
                  </div>
                  <div style={{ marginLeft: 'auto' }}>
                    <RemoveRowButton
                      label={`Remove version ${index + 1}`}
                      disabled={versions.length === 1}
                      onClick={() => setVersions((all) => all.filter((x) => x.key !== v.key))}
                    />
                  </div>
                </Group>
                {v.runtime === 'module' ? (
                  <Group grow align="flex-start">
                    <TextInput
                      label="Module URL"
                      description="A JavaScript module that defines the element"
                      placeholder="/microapps/loan/1/loan.js"
                      required
                      value={v.module_url}
                      onChange={(event) =>
                        changeVersion(v.key, { module_url: event.currentTarget.value })
                      }
                    />
                    <TextInput
                      label="Element name"
                      description="The custom element the module defines"
                      placeholder="loan-calculator"
                      required
                      value={v.element_name}
                      onChange={(event) =>
                        changeVersion(v.key, { element_name: event.currentTarget.value })
                      }
                    />
                  </Group>
                ) : (
                  <Group grow align="flex-start">
                    <TextInput
                      label="Page URL"
                      placeholder="https://apps.example.com/loan/"
                      required
                      value={v.frame_url}
                      onChange={(event) =>
                        changeVersion(v.key, { frame_url: event.currentTarget.value })
                      }
                    />
                    <NumberInput
                      label="Frame height (px)"
                      placeholder="480"
                      min={50}
                      max={5000}
                      value={v.frame_height}
                      onChange={(value) =>
                        changeVersion(v.key, {
                          frame_height: typeof value === 'number' ? value : '',
                        })
                      }
                    />
                  </Group>
                )}
              </Stack>
            </Fieldset>
          ))}
          <AddRowButton onClick={() => setVersions((all) => [...all, emptyVersion(newKey())])}>
            Add version
          </AddRowButton>
          <Fieldset legend="Registered client APIs" p="sm">
            <Stack gap="xs">
              {apis.length === 0 && (
                <Text size="sm" c="dimmed">
                  None: list the APIs this micro-app calls.
                </Text>
              )}
              {apis.map((a, index) => (
                <Group key={a.key} gap="xs" wrap="nowrap">
                  <TextInput
                    aria-label={`API ${index + 1} name`}
                    placeholder="name"
                    w={160}
                    value={a.name}
                    onChange={(event) => changeApi(a.key, { name: event.currentTarget.value })}
                  />
                  <Select
                    aria-label={`API ${index + 1} method`}
                    w={110}
                    data={METHODS}
                    value={a.method}
                    allowDeselect={false}
                    onChange={(method) => method && changeApi(a.key, { method })}
                  />
                  <TextInput
                    aria-label={`API ${index + 1} URL`}
                    placeholder="https://api.example.com/rates"
                    style={{ flex: 1 }}
                    value={a.url}
                    onChange={(event) => changeApi(a.key, { url: event.currentTarget.value })}
                  />
                  <RemoveRowButton
                    label={`Remove API ${index + 1}`}
                    onClick={() => setApis((all) => all.filter((x) => x.key !== a.key))}
                  />
                </Group>
              ))}
              <AddRowButton
                onClick={() =>
                  setApis((all) => [...all, { key: newKey(), name: '', url: '', method: 'GET' }])
                }
              >
                Add API
              </AddRowButton>
            </Stack>
          </Fieldset>
          {tried && formProblem && (
            <Text size="sm" c="red" role="alert">
              {formProblem}
            </Text>
          )}
          <DialogFooter
            problem={problem}
            onCancel={props.onClose}
            saving={saving}
            submitLabel={app ? 'Save micro-app' : 'Register micro-app'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
