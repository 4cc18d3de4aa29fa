// @vitest-environment happy-dom
/**
 * The scheduled changes panel as a person sees it: the rows soonest first, each name a link to
 * the item in the admin, the empty state and the error state.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CanopyClient } from '@canopy/client';
import { setApiClient } from '../api';
import { SCHEDULED_EMPTY, ScheduledPanel } from './ScheduledPanel';
import { scheduledQuery, type ScheduledChange } from './api';

const SITE = '7e000000-0000-4000-8000-00000000a001';

function change(extra: Partial<ScheduledChange>): ScheduledChange {
  return {
    content_id: 'c1',
    content_name: 'Team',
    page_url: '/about/team',
    version: 3,
    status_id: 'staged',
    change: 'publish',
    date: '2026-12-01T09:30:00.000Z',
    ...extra,
  };
}

const asked: unknown[] = [];

/** The client answers the scheduled list with `data`, or refuses with `status`. */
function installClient(data: unknown, status = 200) {
  asked.length = 0;
  const GET = async (path: string, options: unknown) => {
    if (path !== '/api/releases/scheduled') throw new Error(`unexpected GET ${path}`);
    asked.push(options);
    return {
      data: status < 400 ? data : undefined,
      error: status < 400 ? undefined : data,
      response: new Response(null, { status }),
    };
  };
  setApiClient({ GET } as unknown as CanopyClient);
}

/** The panel at /admin, with the item route beside it to follow links to. */
function open(onClose = () => {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <ScheduledPanel siteId={SITE} siteName="Canopy Demo" onClose={onClose} />,
      },
      { path: '/content/:id', element: <p>Item opened</p> },
    ],
    { basename: '/admin', initialEntries: ['/admin/'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, dialog: () => screen.findByRole('dialog', { name: 'Scheduled changes' }) };
}

afterEach(cleanup);

describe('the scheduled changes panel', () => {
  it("lists the site's changes soonest first with version, what happens and when", async () => {
    installClient([
      change({
        content_id: 'c2',
        content_name: 'Careers',
        page_url: '/careers',
        version: 2,
        status_id: 'published',
        change: 'unpublish',
        date: '2027-01-15T17:00:00.000Z',
      }),
      change({}),
      change({
        content_id: 'c3',
        content_name: 'News',
        page_url: '/news',
        version: 5,
        date: '2026-11-30T08:05:00.000Z',
      }),
    ]);
    const { dialog } = open();
    const table = await within(await dialog()).findByRole('table', {
      name: 'Scheduled changes of Canopy Demo',
    });
    expect(asked).toEqual([{ params: { query: { site_id: SITE } } }]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Item Name', 'Version', 'Change', 'When (UTC)']);
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    // §9: publish and unpublish dates as MM/DD/YYYY with the time, in UTC as they are stored.
    expect(cells).toEqual([
      ['News/news', 'v5 staged', 'Goes live', '11/30/2026 08:05 AM'],
      ['Team/about/team', 'v3 staged', 'Goes live', '12/01/2026 09:30 AM'],
      ['Careers/careers', 'v2 published', 'Comes down', '01/15/2027 05:00 PM'],
    ]);
  });

  it("refreshes at the scheduler's pace (20 s) while shown", () => {
    expect(scheduledQuery(SITE).refetchInterval).toBe(20_000);
  });

  it('links each name to the item in the admin, and closes on the way there', async () => {
    installClient([change({})]);
    const onClose = vi.fn();
    const { dialog, router } = open(onClose);
    const link = await within(await dialog()).findByRole('link', { name: 'Team' });
    expect(link.getAttribute('href')).toBe('/admin/content/c1');
    await userEvent.click(link);
    await screen.findByText('Item opened');
    expect(router.state.location.pathname).toBe('/admin/content/c1');
    expect(onClose).toHaveBeenCalled();
  });

  it('says what to do when nothing is scheduled', async () => {
    installClient([]);
    const { dialog } = open();
    await within(await dialog()).findByText(SCHEDULED_EMPTY);
    expect(SCHEDULED_EMPTY).toBe(
      "Nothing is scheduled. Set a Publish Date or Unpublish Date on a page's version to schedule it.",
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("says why when the list can't be loaded", async () => {
    installClient({ code: 'FORBIDDEN', message: 'You need Read on the site Canopy Demo' }, 403);
    const { dialog } = open();
    const panel = await dialog();
    await within(panel).findByText('The scheduled changes could not be loaded');
    expect(within(panel).getByText('You need Read on the site Canopy Demo')).toBeTruthy();
    expect(within(panel).queryByText(SCHEDULED_EMPTY)).toBeNull();
    expect(within(panel).queryByRole('table')).toBeNull();
  });
});
