/**
 * After a Save the answer is the saved version: it is cached under the key the editor shows it by
 * and under its own version, and neither is fetched again; the item's other reads are refreshed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import type { Content } from '@canopy/core';
import { contentKeys, storeWrittenContent } from '@canopy/ui';
import { makeContent, makeTemplate } from './test-harness';

const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
const unsubscribe: Array<() => void> = [];
afterEach(() => {
  for (const stop of unsubscribe.splice(0)) stop();
  queries.clear();
});

/** Watches `key` as a mounted screen would; the reply of each fetch is `reply`, counted in `fetches`. */
async function watch(key: QueryKey, reply: Content, fetches: string[]) {
  const observer = new QueryObserver(queries, {
    queryKey: key,
    queryFn: async () => {
      fetches.push(JSON.stringify(key));
      return reply;
    },
  });
  unsubscribe.push(observer.subscribe(() => {}));
  await queries.fetchQuery({ queryKey: key });
}

describe('a saved version in the cache', () => {
  it('is what the editor shows, with no fetch of it again; the other versions are read again', async () => {
    const template = makeTemplate([{ field_name: 'Title' }]);
    const loaded = makeContent(template, { Title: 'Before' }, { version: 2 });
    const older = makeContent(template, {}, { content_id: loaded.content_id, version: 1 });
    const saved = { ...loaded, content_name: 'After', updated_date: '2026-11-27T05:00:00.000Z' };
    const fetches: string[] = [];
    const shown = contentKeys.version(loaded.content_id, null);
    const other = contentKeys.version(loaded.content_id, 1);
    await watch(shown, loaded, fetches);
    await watch(other, older, fetches);
    fetches.length = 0;

    await storeWrittenContent(queries, saved, shown);

    expect(queries.getQueryData(shown)).toEqual(saved);
    expect(queries.getQueryData(contentKeys.version(loaded.content_id, 2))).toEqual(saved);
    expect(fetches).toEqual([JSON.stringify(other)]);
  });
});
