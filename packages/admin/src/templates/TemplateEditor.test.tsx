// @vitest-environment happy-dom
/** The template editor's rules as a person meets them, against a fake content API. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createCanopyClient } from '@canopy/client';
import { ToastHost } from '@canopy/ui';
import { setApiClient } from '../api';
import { loadedTemplate } from './fixture';
import type { LoadedTemplate } from './draft';
import { TemplateEditor } from './TemplateEditor';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

let calls: Call[];
let stored: LoadedTemplate;
let refuse: Partial<Record<string, { status: number; body: unknown }>>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const path = new URL(request.url).pathname;
  const text = request.method === 'GET' ? '' : await request.text();
  const body = text ? JSON.parse(text) : undefined;
  calls.push({ method: request.method, path, body });
  const refused = refuse[`${request.method} ${path}`];
  if (refused) return json(refused.status, refused.body);
  if (path === '/api/menus') return json(200, []);
  if (path === '/api/references/') {
    return json(200, {
      templatetypes: [
        { template_type_id: 'page-template', template_type_name: 'Page', content_type_id: 'page' },
      ],
    });
  }
  if (path === '/api/templates/t1' && request.method === 'GET') return json(200, stored);
  if (path === '/api/templates/t1' && request.method === 'PUT') {
    if (body.updated_date !== stored.updated_date) {
      return json(409, {
        code: 'STALE_SAVE',
        message: 'This template was changed by nina at 10:05, after you loaded it',
      });
    }
    stored = { ...stored, ...body, updated_date: '2026-11-24T11:00:00.000Z' };
    return json(200, { status: 'Success', ...stored });
  }
  if (path.startsWith('/api/templatefields/') && request.method === 'PUT') {
    const block = stored.template_blocks.b1!;
    Object.assign(block.template_fields.Title!, body);
    return json(200, block.template_fields.Title);
  }
  if (path === '/api/templates/updatedinfo/t1') {
    return json(200, { updated_by: 'admin', updated_date: stored.updated_date });
  }
  return json(404, { code: 'NOT_FOUND', message: `No fake for ${request.method} ${path}` });
}

function renderEditor() {
  const router = createMemoryRouter([{ path: '/templates/:id', element: <TemplateEditor /> }], {
    initialEntries: ['/templates/t1'],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <ToastHost />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Types a whole value at once (one change event), as a fast typist's last keystroke does. */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

const writes = () => calls.filter((call) => call.method !== 'GET');

async function openTitleField() {
  await userEvent.click(await screen.findByRole('button', { name: 'Field Title' }));
  const block = screen.getByRole('group', { name: 'Block Title' });
  return within(block);
}

beforeEach(() => {
  calls = [];
  refuse = {};
  stored = loadedTemplate();
  setApiClient(
    createCanopyClient({ baseUrl: 'http://canopy.test', getToken: () => 't', fetch: fakeApi }),
  );
});
afterEach(cleanup);

describe('the template editor', { timeout: 60_000 }, () => {
  it('checks a regular expression as it is typed, and a Save with it writes nothing', async () => {
    renderEditor();
    const block = await openTitleField();
    const regex = block.getByLabelText('Regular expression');
    fill(regex, '(?<=a)b');
    expect(await block.findByText('Please enter a valid regular expression')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(regex));
    expect(writes()).toEqual([]);
    fill(regex, '^[A-Z]');
    expect(block.queryByText('Please enter a valid regular expression')).toBeNull();
  });

  it('saves what changed after the stale check, then stamps the update with its toast', async () => {
    renderEditor();
    const block = await openTitleField();
    fill(block.getByLabelText('Validation message'), 'Use a capital');
    await userEvent.click(block.getByLabelText('Required'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The updated date and person have been updated')).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/templates/t1',
        body: { updated_date: '2026-11-24T10:00:00.000Z' },
      },
      {
        method: 'PUT',
        path: '/api/templatefields/b1-f1',
        body: { is_required: 1, validation_message: 'Use a capital' },
      },
      { method: 'PUT', path: '/api/templates/updatedinfo/t1', body: undefined },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true),
    );
  });

  it('says so when the update stamp fails', async () => {
    refuse['PUT /api/templates/updatedinfo/t1'] = {
      status: 500,
      body: { code: 'INTERNAL', message: 'down' },
    };
    renderEditor();
    const name = await screen.findByLabelText(/Template name/);
    fill(name, 'Event Page');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The template had issues updating updated date and person'),
    ).toBeTruthy();
    expect(writes()[0]!.body).toEqual({
      template_name: 'Event Page',
      updated_date: '2026-11-24T10:00:00.000Z',
    });
  });

  it('explains a stale save with who changed it and writes nothing else', async () => {
    renderEditor();
    const block = await openTitleField();
    fill(block.getByLabelText('Tool tip'), 'Shown to editors');
    stored = { ...stored, updated_date: '2026-11-24T10:05:00.000Z', updated_by: 'nina' };
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Someone else changed this template',
    });
    expect(within(dialog).getByText(/changed by nina/)).toBeTruthy();
    expect(writes().map((call) => call.path)).toEqual(['/api/templates/t1']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Someone else changed this template' }),
      ).toBeNull(),
    );
    expect(screen.queryByText('unsaved changes')).toBeNull();
  });

  it('is read-only without Edit permission, and says why Save and Delete are off', async () => {
    stored = { ...stored, permissions: ['Read'] };
    renderEditor();
    const name = await screen.findByLabelText(/Template name/);
    expect(name.hasAttribute('readonly')).toBe(true);
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Delete template' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Add block' })).toBeNull();
  });

  it('adds, renames, reorders and deletes blocks in the draft and the preview', async () => {
    renderEditor();
    fill(await screen.findByLabelText('New block name'), 'Summary');
    await userEvent.click(screen.getByRole('button', { name: 'Add block' }));
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByLabelText('Summary')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Move Summary up' }));
    const order = () =>
      screen.getAllByRole('group', { name: /^Block / }).map((g) => g.getAttribute('aria-label'));
    expect(order()).toEqual(['Block Title', 'Block Summary', 'Block Theme']);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Title' }));
    expect(order()).toEqual(['Block Summary', 'Block Theme']);
    expect(screen.getByText('unsaved changes')).toBeTruthy();
  });
});
