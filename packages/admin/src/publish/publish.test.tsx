// @vitest-environment happy-dom
/**
 * The Publish dialog and the builds panel as a person sees them: the tables, 'Last Published
 * to', the empty state, what Publish sends, the toasts, the build's progress to its link.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CanopyClient } from '@canopy/client';
import type * as CanopyUi from '@canopy/ui';

const { notify } = vi.hoisted(() => ({ notify: vi.fn() }));
vi.mock('@canopy/ui', async (importOriginal) => ({
  ...(await importOriginal<typeof CanopyUi>()),
  notify,
  useSession: () => ({ getToken: () => 'token-1' }),
}));

import { setApiClient } from '../api';
import { PublishDialog } from './PublishDialog';
import { BuildsPanel } from './BuildsPanel';
import { TARGET_TEXTS, pageAddress, previewHref, type Build, type PublishDependency } from './api';
import { NEEDED_TEXTS } from './NeededItems';

const SITE = '7e000000-0000-4000-8000-00000000a001';

function build(extra: Partial<Build>): Build {
  return {
    build_id: 'b1',
    site_id: SITE,
    mode: 'delivery',
    build_definition_id: '263',
    build_type: 'both',
    status: 'running',
    release_id: 'r1',
    requested_by: 'admin',
    queued_date: '2026-11-24T10:00:00.000Z',
    started_date: '2026-11-24T10:00:00.100Z',
    finished_date: null,
    pages_total: 11,
    pages_done: 3,
    pages_rendered: 3,
    error: null,
    duration_ms: 400,
    ...extra,
  };
}

const reply = (data: unknown, status = 200) => ({
  data: status < 400 ? data : undefined,
  error: status >= 400 ? data : undefined,
  response: new Response(null, { status: status === 204 ? 204 : status }),
});

interface Fake {
  publishable: unknown;
  publishStatus: number;
  refusal?: string;
  builds: Build[];
}

let fake: Fake;
const calls: { method: string; path: string; options: unknown }[] = [];

function installClient() {
  const handle = (method: string) => async (path: string, options: unknown) => {
    calls.push({ method, path, options });
    if (path === '/api/releases/publishableitems/{id}') return reply(fake.publishable);
    if (path === '/api/releases/targets')
      return reply({
        delivery: { url: '/', base_path: '/', hosts: [] },
        preview: { url: '/preview', base_path: '/preview', hosts: [] },
      });
    if (path === '/api/releases')
      return fake.publishStatus < 400
        ? reply({ build_id: 'b1', release_id: 'r1' }, fake.publishStatus)
        : reply({ code: 'CONFLICT', message: fake.refusal }, fake.publishStatus);
    if (path === '/api/preview/session') return reply(undefined, 204);
    if (path === '/api/builds') return reply(fake.builds);
    if (path === '/api/builds/{id}') return reply(fake.builds[0]);
    throw new Error(`unexpected ${method} ${path}`);
  };
  setApiClient({ GET: handle('GET'), POST: handle('POST') } as unknown as CanopyClient);
}

/** The build's event stream: every build in `events`, as Server-Sent Events. */
function streamBuilds(events: Build[]) {
  const body = events.map((b) => `event: build\ndata: ${JSON.stringify(b)}\n\n`).join('');
  return vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
}

function wrap(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </MantineProvider>,
  );
}

/** Opens the dialog for the demo site and waits for its lists. */
async function openDialog(mode: 'preview' | 'delivery', pageUrl: string | null) {
  wrap(
    <PublishDialog
      siteId={SITE}
      siteName="Canopy Demo"
      mode={mode}
      pageUrl={pageUrl}
      onClose={() => {}}
    />,
  );
  const name = mode === 'preview' ? 'Publish to Preview' : 'Publish to Delivery';
  const dialog = await screen.findByRole('dialog', { name });
  await within(dialog).findByText(/^Last Published to/);
  return { dialog, confirm: () => userEvent.click(within(dialog).getByRole('button', { name })) };
}

beforeEach(() => {
  calls.length = 0;
  notify.mockReset();
  fake = {
    publishable: {
      content: [
        {
          content_id: 'c1',
          content_name: 'Team',
          version: 3,
          status_id: 'staged',
          updated_date: '2026-11-23T15:04:00.000Z',
          updated_by: 'nina',
          microapp_instances: [],
        },
      ],
      templates: [
        {
          template_id: 't1',
          template_name: 'Page',
          updated_date: '2026-11-22T09:30:00.000Z',
          updated_by: 'admin',
        },
      ],
      last_published: {
        mode: 'delivery',
        date: '2026-11-20T08:00:00.000Z',
        released_by: 'admin',
        build_id: 'b0',
      },
    },
    publishStatus: 202,
    builds: [],
  };
  installClient();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the Publish dialog', () => {
  it('lists content and templates with name, modified date and by, and the last release', async () => {
    const { dialog } = await openDialog('delivery', '/about/team');
    const content = await within(dialog).findByRole('table', { name: 'Content' });
    expect(within(dialog).getByText(TARGET_TEXTS.delivery)).toBeTruthy();
    expect(
      within(content)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Item Name', 'Modified Date', 'Modified By']);
    const [, row] = within(content).getAllByRole('row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Team', expect.stringMatching(/^November 23, 2026 at \d+:04 (AM|PM)$/), 'nina']);
    const templates = within(dialog).getByRole('table', { name: 'Templates' });
    expect(within(templates).getByText('Page')).toBeTruthy();
    expect(within(dialog).getByText(/^Last Published to Delivery: November 20, 2026/)).toBeTruthy();
    expect(
      within(dialog).queryByText('There are no content or template changes to be published'),
    ).toBeNull();
  });

  it('says there is nothing to publish when both lists are empty', async () => {
    fake.publishable = { content: [], templates: [], last_published: null };
    const { dialog } = await openDialog('preview', null);
    await within(dialog).findByText('There are no content or template changes to be published');
    expect(within(dialog).getByText(TARGET_TEXTS.preview)).toBeTruthy();
    expect(within(dialog).getByText('Last Published to Preview: never')).toBeTruthy();
    expect(within(dialog).queryByRole('table')).toBeNull();
  });

  it("publishes with build type 'both' and definition '263', then follows the build to the page's link", async () => {
    const stream = streamBuilds([
      build({ status: 'running', pages_done: 3 }),
      build({ status: 'succeeded', pages_done: 11, duration_ms: 900 }),
    ]);
    const { dialog, confirm } = await openDialog('delivery', '/about/team');
    await confirm();
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'The publish has been submitted'),
    );
    expect(calls.find((c) => c.path === '/api/releases')?.options).toEqual({
      body: { mode: 'delivery', site_id: SITE, build_definition_id: '263', build_type: 'both' },
    });
    const link = await within(dialog).findByRole('link', { name: 'Open /about/team on Delivery' });
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/about/team`);
    expect(within(dialog).getByText('11 of 11 pages, 3 rendered in 900 ms')).toBeTruthy();
    expect(within(dialog).getByText('succeeded')).toBeTruthy();
    expect(stream).toHaveBeenCalledWith(
      '/api/builds/b1/events',
      expect.objectContaining({
        headers: expect.objectContaining({ authorization: 'Bearer token-1' }),
      }),
    );
  });

  it("shows 'The publish had issues' when the server refuses, and stays on the lists", async () => {
    fake.publishStatus = 403;
    const { dialog, confirm } = await openDialog('delivery', null);
    await confirm();
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'The publish had issues'));
    expect(within(dialog).getByRole('table', { name: 'Content' })).toBeTruthy();
    expect(within(dialog).queryByLabelText('Build progress')).toBeNull();
  });

  it('a failed build says why and that the old site still serves', async () => {
    streamBuilds([build({ status: 'failed', error: 'Component Hero threw: boom' })]);
    const { dialog, confirm } = await openDialog('preview', '/');
    await confirm();
    await within(dialog).findByText('Component Hero threw: boom');
    expect(
      within(dialog).getByText('The build failed; the target still serves the previous build'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('link')).toBeNull();
    // Preview publishes set the preview session first, so the link lets the user in.
    expect(calls.map((c) => c.path)).toContain('/api/preview/session');
  });
});

const needed = (extra: Partial<PublishDependency>): PublishDependency => ({
  kind: 'content',
  id: 'm1',
  name: 'Team photo',
  content_type_id: 'image',
  status: 'unpublished',
  publish_date: null,
  version: 1,
  needed_by: [{ content_id: 'c1', content_name: 'Team' }],
  can_include: true,
  reason: null,
  ...extra,
});

describe('referenced items in the Publish dialog', () => {
  beforeEach(() => {
    (fake.publishable as { dependencies: PublishDependency[] }).dependencies = [
      needed({}),
      needed({
        id: 'm2',
        name: 'Office photo',
        can_include: false,
        reason: 'You need the Edit permission on this item to publish it',
      }),
      needed({
        id: 'p1',
        name: 'Contact',
        content_type_id: 'page',
        status: 'scheduled',
        publish_date: '2026-12-01T09:30:00.000Z',
      }),
    ];
  });

  it('lists what the pages need with its status and pages, warns, and includes what is ticked', async () => {
    streamBuilds([build({ status: 'succeeded', pages_done: 11 })]);
    const { dialog, confirm } = await openDialog('delivery', '/about/team');
    const table = within(dialog).getByRole('table', { name: 'Referenced items' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Include', 'Item Name', 'Status', 'Needed By']);
    const [, photo, office, contact] = within(table).getAllByRole('row');
    expect(
      within(photo!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', 'Team photoImage', 'Not published', 'Team']);
    expect(within(contact!).getAllByRole('cell')[2]!.textContent).toMatch(
      /^Scheduled for December 1, 2026 at \d+:30 (AM|PM)$/,
    );
    const officeBox = within(office!).getByRole('checkbox', { name: 'Include Office photo' });
    expect((officeBox as HTMLInputElement).disabled).toBe(true);
    expect(
      within(office!).getByText('You need the Edit permission on this item to publish it'),
    ).toBeTruthy();
    expect(within(dialog).getByText(NEEDED_TEXTS.leftOut(3))).toBeTruthy();

    await userEvent.click(within(photo!).getByRole('checkbox', { name: 'Include Team photo' }));
    await userEvent.click(within(contact!).getByRole('checkbox', { name: 'Include Contact' }));
    expect(within(dialog).getByText(NEEDED_TEXTS.leftOut(1))).toBeTruthy();
    await confirm();
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'The publish has been submitted'),
    );
    expect(calls.find((c) => c.path === '/api/releases')?.options).toEqual({
      body: {
        mode: 'delivery',
        site_id: SITE,
        build_definition_id: '263',
        build_type: 'both',
        include: ['m1', 'p1'],
      },
    });
  });

  it('with nothing changed, still offers what the published pages need', async () => {
    fake.publishable = {
      ...(fake.publishable as object),
      content: [],
      templates: [],
      dependencies: [needed({})],
    };
    const { dialog } = await openDialog('delivery', null);
    expect(
      within(dialog).getByText('There are no content or template changes to be published'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('table', { name: 'Referenced items' })).toBeTruthy();
    expect(within(dialog).queryByRole('table', { name: 'Content' })).toBeNull();
    expect(within(dialog).getByText(NEEDED_TEXTS.leftOut(1))).toBeTruthy();
  });

  it("shows the server's reason when it refuses an included item", async () => {
    fake.publishStatus = 409;
    fake.refusal = '"Team photo" cannot be included: Locked by editor: it is being edited';
    const { dialog, confirm } = await openDialog('delivery', null);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Include Team photo' }));
    await confirm();
    await within(dialog).findByText(fake.refusal);
    expect(notify).toHaveBeenCalledWith('error', 'The publish had issues');
    expect(within(dialog).getByRole('table', { name: 'Referenced items' })).toBeTruthy();
  });

  it("ticks an included item's own references with it; they count only once it is included", async () => {
    streamBuilds([build({ status: 'succeeded', pages_done: 11 })]);
    fake.publishable = {
      ...(fake.publishable as object),
      dependencies: [
        needed({ id: 'f1', name: 'Visit us', content_type_id: 'content-fragment' }),
        needed({
          id: 'm3',
          name: 'Map',
          needed_by: [{ content_id: 'f1', content_name: 'Visit us' }],
        }),
      ],
    };
    const { dialog, confirm } = await openDialog('delivery', null);
    const table = within(dialog).getByRole('table', { name: 'Referenced items' });
    const map = within(table).getAllByRole('row')[2]!;
    expect(within(map).getAllByRole('cell')[3]!.textContent).toBe('Visit us (if included)');
    expect(within(dialog).getByText(NEEDED_TEXTS.leftOut(1))).toBeTruthy();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Include Visit us' }));
    expect(
      (within(map).getByRole('checkbox', { name: 'Include Map' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(within(dialog).getByText(NEEDED_TEXTS.allIn)).toBeTruthy();
    expect(within(dialog).getByText(NEEDED_TEXTS.allInTitle)).toBeTruthy();
    await userEvent.click(within(map).getByRole('checkbox', { name: 'Include Map' }));
    expect(within(dialog).getByText(NEEDED_TEXTS.leftOut(1))).toBeTruthy();
    expect(within(dialog).getByText(NEEDED_TEXTS.title)).toBeTruthy();
    await userEvent.click(within(map).getByRole('checkbox', { name: 'Include Map' }));
    await confirm();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/releases')).toBe(true));
    expect(calls.find((c) => c.path === '/api/releases')?.options).toMatchObject({
      body: { include: ['f1', 'm3'] },
    });
  });
});

describe('the builds panel', () => {
  it('lists builds per target with status, progress, timings and errors', async () => {
    fake.builds = [
      build({ build_id: 'b2', status: 'running', pages_done: 4 }),
      build({
        build_id: 'b1',
        status: 'failed',
        error: 'The deploy hook answered 500',
        duration_ms: 1500,
        queued_date: '2026-10-15T10:00:00.000Z',
      }),
      build({ build_id: 'b0', mode: 'preview', status: 'succeeded', pages_done: 11 }),
    ];
    wrap(<BuildsPanel siteId={SITE} siteName="Canopy Demo" onClose={() => {}} />);
    const table = await screen.findByRole('table', { name: 'Builds of Delivery' });
    expect(screen.getByText(TARGET_TEXTS.delivery)).toBeTruthy();
    // Under a heading per month (MM/YYYY), newest first.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent?.slice(0, 20))).toEqual([
      '11/2026',
      expect.stringMatching(/^November 24, 2026/),
      '10/2026',
      expect.stringMatching(/^October 15, 2026/),
    ]);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['11/2026', '10/2026']);
    expect(rows[1]!.textContent).toContain('running');
    expect(rows[1]!.textContent).toContain('4 of 11');
    expect(rows[3]!.textContent).toContain('The deploy hook answered 500');
    expect(rows[3]!.textContent).toContain('1.5 s');
    await userEvent.click(screen.getByRole('radio', { name: 'Preview' }));
    const preview = await screen.findByRole('table', { name: 'Builds of Preview' });
    expect(screen.getByText(TARGET_TEXTS.preview)).toBeTruthy();
    expect(within(preview).getAllByRole('row')).toHaveLength(3);
    expect(within(preview).getByText('succeeded')).toBeTruthy();
  });
});

describe('preview addresses', () => {
  it("encodes the page's full address into /api/preview?pageurl=", () => {
    const address = pageAddress(
      { url: '/', base_path: '/', hosts: [] },
      '/about/team',
      'http://cms.test:3000',
    );
    expect(address).toBe('http://cms.test:3000/about/team');
    expect(previewHref(address)).toBe(
      '/api/preview?pageurl=http%3A%2F%2Fcms.test%3A3000%2Fabout%2Fteam',
    );
    expect(
      pageAddress(
        { url: 'https://www.example.com/', base_path: '/', hosts: ['www.example.com'] },
        '/',
        'http://cms.test',
      ),
    ).toBe('https://www.example.com/');
  });
});
