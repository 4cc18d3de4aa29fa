// @vitest-environment happy-dom
/** The Micro-app Reference Picker field (§2, §5, §7, §8), as an editor uses it. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { validateFieldValue, type TemplateFieldDefinition } from '@canopy/core';
import { EditorContext, type EditorApi } from '@canopy/ui/draft';
import { microappKind } from '@canopy/ui/fields/pickers';
import { fieldDefinition } from './test-definition';
import {
  FOOTER_INSTANCE,
  HOME_INSTANCE,
  Providers,
  SITE_ID,
  startFakeServer,
} from '../../microapps/test-server';

afterEach(cleanup);

const definition = (extra: Partial<TemplateFieldDefinition> = {}) =>
  fieldDefinition({
    field_type: 'Micro-app Reference Picker',
    field_name: 'Newsletter',
    tool_tip: 'The sign-up form shown on this page',
    microapp_id: 'newsletter',
    microapp_version: '1',
    ...extra,
  });

const editor = { item: { site_id: SITE_ID } } as unknown as EditorApi;

/** The field as the item editor shows it: the error appears once touched (§4 Picker fields). */
function Field(props: {
  definition: TemplateFieldDefinition;
  initial?: string;
  readOnly?: boolean;
  onValue?: (value: string) => void;
}) {
  const [value, setValue] = useState(props.initial ?? '');
  const [touched, setTouched] = useState(false);
  const message = validateFieldValue(props.definition, value);
  const { Editor } = microappKind;
  return (
    <EditorContext.Provider value={editor}>
      <Editor
        definition={props.definition}
        target={{ kind: 'content', templateBlockId: 'b1' }}
        inputId="field-b1"
        label={props.definition.field_name}
        description={props.definition.tool_tip}
        required={props.definition.is_required === 1}
        value={value}
        onChange={(next) => {
          setValue(next);
          props.onValue?.(next);
        }}
        onBlur={() => setTouched(true)}
        readOnly={props.readOnly ?? false}
        error={touched ? message : null}
        focusRef={{ current: null }}
      />
      <output aria-label="Stored value">{value}</output>
    </EditorContext.Provider>
  );
}

const show = (props: Parameters<typeof Field>[0]) =>
  render(
    <Providers>
      <Field {...props} />
    </Providers>,
  );

const stored = () => screen.getByRole('status', { name: 'Stored value' }).textContent;

describe('Micro-app Reference Picker', () => {
  it("offers only the instances of the field's micro-app and version", async () => {
    startFakeServer();
    show({ definition: definition() });
    const input = await screen.findByRole('combobox', { name: 'Newsletter' });
    await userEvent.click(input);
    const listbox = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Home page sign-up (version 1)', 'Footer sign-up (version 1)']),
    );
  });

  it('offers every version when the field names none', async () => {
    startFakeServer();
    show({ definition: definition({ microapp_version: null }) });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Newsletter' }));
    expect(await screen.findByRole('option', { name: 'Beta sign-up (version 2)' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Mortgages/ })).toBeNull();
  });

  it("stores the chosen instances' ids joined with '|'", async () => {
    startFakeServer();
    show({ definition: definition() });
    const input = await screen.findByRole('combobox', { name: 'Newsletter' });
    await userEvent.click(input);
    await userEvent.click(
      await screen.findByRole('option', { name: 'Home page sign-up (version 1)' }),
    );
    await userEvent.click(input);
    await userEvent.click(
      await screen.findByRole('option', { name: 'Footer sign-up (version 1)' }),
    );
    expect(stored()).toBe(`${HOME_INSTANCE}|${FOOTER_INSTANCE}`);
  });

  it('shows a stored value, and an id no instance has as unknown', async () => {
    startFakeServer();
    const missing = '7e000000-0000-4000-8000-0000000000ff';
    show({ definition: definition(), initial: `${HOME_INSTANCE}|${missing}` });
    expect(await screen.findByText('Home page sign-up (version 1)')).toBeTruthy();
    expect(await screen.findByText(`Unknown instance ${missing}`)).toBeTruthy();
  });

  it('disables the create button while the new name is empty (§5)', async () => {
    startFakeServer();
    show({ definition: definition() });
    const name = await screen.findByRole('textbox', { name: 'New Newsletter instance' });
    const create = screen.getByRole('button', { name: 'Create instance' });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(name, '   ');
    expect((create as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(name, 'Careers');
    expect((create as HTMLButtonElement).disabled).toBe(false);
  });

  it('creates an instance in place at the configured base, with credentials, and picks it', async () => {
    const server = startFakeServer({ base: 'https://apps.example.com/cms/microapps/' });
    show({ definition: definition(), initial: HOME_INSTANCE });
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'New Newsletter instance' }),
      'Careers sign-up',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create instance' }));
    expect(await screen.findByText('New Microapp Instance Created')).toBeTruthy();
    const post = server.requests.find((r) => r.method === 'POST')!;
    expect(post.url).toBe('https://apps.example.com/cms/microapps/registeredclientapi');
    expect(post.credentials).toBe('include');
    expect(post.authorization).toBe('Bearer token-1');
    expect(post.body).toEqual({
      microapp_id: 'newsletter',
      name: 'Newsletter',
      instance_name: 'Careers sign-up',
      instance_version: '1',
      ad_groups_modify: 'PORTAL-EDITOR',
      status: 0,
    });
    const list = server.requests.filter((r) => r.url.includes('registeredclient/'));
    expect(list[0]!.url).toBe(
      'https://apps.example.com/cms/microapps/registeredclient/Canopy%20Demo',
    );
    expect(list.every((r) => r.credentials === 'include')).toBe(true);
    await waitFor(() => expect(stored()).toMatch(new RegExp(`^${HOME_INSTANCE}\\|7e0`)));
    expect(await screen.findByText('Careers sign-up (version 1)')).toBeTruthy();
    expect(
      (screen.getByRole('textbox', { name: 'New Newsletter instance' }) as HTMLInputElement).value,
    ).toBe('');
  });

  it('says so when the server refuses the new instance', async () => {
    const server = startFakeServer();
    server.refuseNext(
      403,
      'Only members of PORTAL-EDITOR or administrators can create, change or delete micro-app instances',
    );
    show({ definition: definition() });
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'New Newsletter instance' }),
      'Mine{Enter}',
    );
    expect(await screen.findByText('Error creating new microapp instance')).toBeTruthy();
    expect(screen.getByText(/Only members of PORTAL-EDITOR/)).toBeTruthy();
    expect(stored()).toBe('');
  });

  it("shows 'This field is required' once a required empty field was touched", async () => {
    startFakeServer();
    show({ definition: definition({ is_required: 1 }) });
    const input = await screen.findByRole('combobox', { name: /Newsletter/ });
    expect(screen.queryByText('This field is required')).toBeNull();
    await userEvent.click(input);
    await userEvent.tab();
    expect(await screen.findByText('This field is required')).toBeTruthy();
  });

  it('offers neither changes nor creation on a version that is not an editable draft', async () => {
    startFakeServer();
    show({ definition: definition(), initial: HOME_INSTANCE, readOnly: true });
    expect(await screen.findByText('Home page sign-up (version 1)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create instance' })).toBeNull();
  });

  it('says when the site has no such micro-app', async () => {
    startFakeServer();
    show({ definition: definition({ microapp_id: 'store-locator' }) });
    expect(
      await screen.findByText(
        'The site Canopy Demo has no micro-app "store-locator": register it in Micro-apps or change this field\'s micro-app id.',
      ),
    ).toBeTruthy();
  });
});
