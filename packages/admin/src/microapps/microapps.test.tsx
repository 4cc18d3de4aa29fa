// @vitest-environment happy-dom
/** The Micro-apps screen: registering micro-apps and managing their instances, as people do. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MicroappsScreen } from './MicroappsScreen';
import { HOME_INSTANCE, Providers, SITE_ID, startFakeServer } from './test-server';

afterEach(cleanup);

function show() {
  const router = createMemoryRouter([{ path: '/microapps', element: <MicroappsScreen /> }], {
    initialEntries: ['/microapps'],
  });
  return render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const card = (name: string) => screen.findByRole('region', { name });

describe('Micro-apps screen', () => {
  it("lists the site's micro-apps with how each version runs, their APIs and instances", async () => {
    startFakeServer();
    show();
    const newsletter = await card('Newsletter');
    const versions = within(newsletter).getByRole('table', { name: 'Versions of Newsletter' });
    expect(within(versions).getAllByText('<canopy-newsletter>')).toHaveLength(2);
    expect(within(versions).getByText('/microapps/newsletter/2/newsletter.js')).toBeTruthy();
    const instances = within(newsletter).getByRole('table', { name: 'Instances of Newsletter' });
    expect(within(instances).getByText('Home page sign-up')).toBeTruthy();
    expect(within(instances).getByText('The Canopy Corp newsletter')).toBeTruthy();
    const loan = await card('Loan Calculator');
    expect(within(loan).getByText('Framed page')).toBeTruthy();
    expect(within(loan).getByText('rates (GET https://api.example.com/rates)')).toBeTruthy();
  });

  it("edits an instance's configuration", async () => {
    const server = startFakeServer();
    show();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit instance Home page sign-up' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit instance: Home page sign-up' });
    const value = within(dialog).getByRole('textbox', { name: 'Setting 1 value' });
    await userEvent.clear(value);
    await userEvent.type(value, 'Stay in touch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add setting' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Setting 2 name' }),
      'Button Label',
    );
    expect(
      within(dialog).getByText(
        '"Button Label" cannot name a setting: use lower-case letters, digits and hyphens, starting with a letter',
      ),
    ).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: 'Save instance' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    const name = within(dialog).getByRole('textbox', { name: 'Setting 2 name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'button-label');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Setting 2 value' }), 'Join');
    await userEvent.click(save);
    expect(await screen.findByText('The instance Home page sign-up has been saved')).toBeTruthy();
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe(
      `http://admin.test/api/microapps/registeredclientapi/newsletter/${HOME_INSTANCE}`,
    );
    expect(put.credentials).toBe('include');
    expect(put.body).toEqual({
      instance_name: 'Home page sign-up',
      instance_version: '1',
      configuration: { heading: 'Stay in touch', 'button-label': 'Join' },
    });
    const newsletter = await card('Newsletter');
    expect(await within(newsletter).findByText('Stay in touch')).toBeTruthy();
    expect(within(newsletter).getByText('Join')).toBeTruthy();
  });

  it('creates an instance of a chosen version, and deletes one after confirmation', async () => {
    const server = startFakeServer();
    show();
    const newsletter = await card('Newsletter');
    await userEvent.click(within(newsletter).getByRole('button', { name: 'New instance' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Newsletter instance' });
    const create = within(dialog).getByRole('button', { name: 'Create instance' });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Instance name/ }), 'Blog');
    await userEvent.click(create);
    expect(await screen.findByText('New Microapp Instance Created')).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'POST')!.body).toEqual({
      microapp_id: 'newsletter',
      instance_name: 'Blog',
      instance_version: '2',
      configuration: {},
    });
    expect(await within(newsletter).findByText('Blog')).toBeTruthy();

    await userEvent.click(within(newsletter).getByRole('button', { name: 'Delete instance Blog' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete instance' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The instance Blog has been deleted')).toBeTruthy();
    await waitFor(() => expect(within(newsletter).queryByText('Blog')).toBeNull());
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(true);
  });

  it('registers a micro-app that runs as a custom element, checking the form first', async () => {
    const server = startFakeServer();
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Register micro-app' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Register a micro-app for Canopy Demo',
    });
    const field = (name: RegExp) => within(dialog).getByRole('textbox', { name });
    await userEvent.type(field(/Micro-app id/), 'store-locator');
    await userEvent.type(field(/^Name/), 'Store Locator');
    await userEvent.type(field(/^Version/), '1.0');
    await userEvent.type(field(/Module URL/), '/microapps/stores/1/stores.js');
    await userEvent.type(field(/Element name/), 'StoreLocator');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register micro-app' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Version "1.0": the element name must be lower case with a hyphen, e.g. loan-calculator',
    );
    await userEvent.clear(field(/Element name/));
    await userEvent.type(field(/Element name/), 'store-locator');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add API' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'API 1 name' }), 'stores');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'API 1 URL' }),
      'https://api.example.com/stores',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register micro-app' }));
    expect(await screen.findByText('The micro-app Store Locator has been registered')).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'POST')!.body).toEqual({
      microapp_id: 'store-locator',
      site_id: SITE_ID,
      name: 'Store Locator',
      description: '',
      versions: [
        {
          version: '1.0',
          runtime: 'module',
          module_url: '/microapps/stores/1/stores.js',
          element_name: 'store-locator',
        },
      ],
      registeredclientapis: [
        { name: 'stores', url: 'https://api.example.com/stores', method: 'GET' },
      ],
    });
    expect(await card('Store Locator')).toBeTruthy();
  });

  it("shows the server's refusal in the dialog", async () => {
    const server = startFakeServer();
    show();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit micro-app Loan Calculator' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit micro-app: Loan Calculator' });
    server.refuseNext(
      409,
      'Instances still use version "1": delete them first or keep the version',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save micro-app' }));
    expect(
      await within(dialog).findByText(
        'Instances still use version "1": delete them first or keep the version',
      ),
    ).toBeTruthy();
  });

  it('lets only administrators register micro-apps', async () => {
    startFakeServer({ isAdmin: false });
    show();
    await card('Newsletter');
    const register = screen.getByRole('button', { name: 'Register micro-app' });
    await waitFor(() => expect((register as HTMLButtonElement).disabled).toBe(true));
    expect(screen.queryByRole('button', { name: 'Edit micro-app Newsletter' })).toBeNull();
  });
});
