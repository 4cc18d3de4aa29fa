/**
 * What the publishing journeys share: an admin token from `canopy token`, calls to the API with
 * it, and a page's title changed in a new draft pushed to staging.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { MenuItem } from '@canopy/core';
import type { Page } from 'playwright-core';
import { CANOPY_BIN, type RunningCanopy } from './harness';

export const DEMO_SITE = '7e000000-0000-4000-8000-00000000a001';
const TITLE = '7e000000-0000-4000-8000-000000101003';

/** Calls the API; answers the reply's JSON. `token` is the bearer token it sends. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are read loosely in journeys
type Call = (method: string, path: string, body?: unknown) => Promise<any>;
export type Api = Call & { token: string };

/** An API caller signed in as the demo admin (or another user). */
export async function adminApi(server: RunningCanopy, username = 'admin'): Promise<Api> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [CANOPY_BIN, 'token', '--user', username],
    { env: server.env },
  );
  const token = stdout.trim().split('\n').pop()!;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  return Object.assign(call, { token });
}

/** The first item of the menu tree named `name`, at any depth. */
export function findItem(items: MenuItem[], name: string): MenuItem | undefined {
  return (
    items.find((item) => item.content_name === name) ??
    items.map((item) => findItem(item.children, name)).find(Boolean)
  );
}

/** The content id of the demo page at this Page URL. */
export async function pageId(api: Api, pageUrl: string): Promise<string> {
  const urls = (await api('GET', `/api/pageurls?site_id=${DEMO_SITE}`)) as {
    content_id: string;
    page_url: string;
  }[];
  return urls.find((u) => u.page_url === pageUrl)!.content_id;
}

/** A new draft of the page's newest published version with a new title, pushed to staging. */
export function stageTitle(api: Api, contentId: string, title: string): Promise<void> {
  return stageFields(api, contentId, { [TITLE]: title });
}

/** A new draft of the newest published version with fields (by template block id) changed, staged. */
export async function stageFields(
  api: Api,
  contentId: string,
  values: Record<string, string>,
): Promise<void> {
  const versions = (await api('GET', `/api/contents/${contentId}`)) as { version: number };
  const draft = await api('POST', '/api/contents/draftfromversion', {
    content_id: contentId,
    version: versions.version,
  });
  await api('PUT', `/api/contents/${contentId}`, {
    version: draft.version,
    updated_date: draft.updated_date,
    content_fields: Object.entries(values).map(([blockId, value]) => ({
      field_id: draft.content_fields[blockId].field_id,
      field_value: value,
      cmsItemStatus: { edited: true },
    })),
  });
  await api('PUT', `/api/contents/${contentId}`, { version: draft.version, status_id: 'staged' });
}

/**
 * Screenshots of the page `current()` gives to /tmp/canopy-<prefix>-<name>.png; `shots` takes
 * one at 1440x900 and one at 1024x768 (`<name>-1024`), and leaves the page at 1440x900.
 */
export function screenshots(current: () => Page, prefix: string) {
  const shot = (name: string) =>
    current().screenshot({ path: `/tmp/canopy-${prefix}-${name}.png` });
  const shots = async (name: string) => {
    await shot(name);
    await current().setViewportSize({ width: 1024, height: 768 });
    await shot(`${name}-1024`);
    await current().setViewportSize({ width: 1440, height: 900 });
  };
  return { shot, shots };
}
