/**
 * Every content route refuses what it cannot act on with a catalogued 4xx and a message naming the
 * problem: a malformed id (400), an id nothing has (404), a body field it does not know (400).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { makeWorld } from './fixtures';

const UNKNOWN = '7a1f0c2e-8d4b-4c3a-9e1f-00000000beef';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Routes with an id in the path: method, path with {id}, a valid body, the 404 code. */
const BY_ID: [Method, string, object | undefined, string][] = [
  ['GET', '/api/contents/{id}', undefined, 'CONTENT_NOT_FOUND'],
  ['GET', '/api/latestpublishable/contents/{id}', undefined, 'CONTENT_NOT_FOUND'],
  ['GET', '/api/contents/{id}/1', undefined, 'CONTENT_NOT_FOUND'],
  ['GET', '/api/contents/{id}/children', undefined, 'CONTENT_NOT_FOUND'],
  ['GET', '/api/contents/{id}/references', undefined, 'CONTENT_NOT_FOUND'],
  ['GET', '/api/menus/contents/{id}', undefined, 'CONTENT_NOT_FOUND'],
  ['GET', '/api/menus/contents/latestpublishable/{id}', undefined, 'CONTENT_NOT_FOUND'],
  ['GET', '/api/contents/sites/{id}', undefined, 'SITE_NOT_FOUND'],
  ['PUT', '/api/contents/{id}', { content_order: 2 }, 'CONTENT_NOT_FOUND'],
  ['DELETE', '/api/contents/{id}', undefined, 'CONTENT_NOT_FOUND'],
  ['DELETE', '/api/contents/draft/{id}', undefined, 'CONTENT_NOT_FOUND'],
  ['PUT', '/api/lockcontents/{id}', undefined, 'CONTENT_NOT_FOUND'],
  ['PUT', '/api/unlockcontents/{id}', undefined, 'CONTENT_NOT_FOUND'],
  ['PUT', '/api/content/updatedinfo/{id}?version=1', undefined, 'CONTENT_NOT_FOUND'],
  [
    'PUT',
    '/api/contentfields/{id}',
    { content_id: UNKNOWN, version: 1, field_value: 'x' },
    'CONTENT_NOT_FOUND',
  ],
  ['PUT', '/api/dynamiccontentregion/{id}', { version: 1, region_value: null }, 'NOT_FOUND'],
  ['PUT', '/api/contentblock/{id}', { version: 1 }, 'NOT_FOUND'],
  ['DELETE', '/api/contentblock/{id}', undefined, 'NOT_FOUND'],
  ['PUT', '/api/contentblockfield/{id}', { version: 1, field_value: 'x' }, 'NOT_FOUND'],
  ['DELETE', '/api/contentblockfield/{id}', undefined, 'NOT_FOUND'],
];

/** Routes with a body: method, path, a valid-looking body to add an unknown field to. */
const WITH_BODY: [Method, string, object][] = [
  ['POST', '/api/contents', { parent_id: UNKNOWN, template_id: UNKNOWN }],
  ['PUT', `/api/contents/${UNKNOWN}`, { content_order: 1 }],
  ['POST', '/api/contents/draft', { content_id: UNKNOWN }],
  ['POST', '/api/contents/draftfromversion', { content_id: UNKNOWN, version: 1 }],
  [
    'POST',
    '/api/contentfields',
    { field_id: UNKNOWN, content_id: UNKNOWN, version: 1, template_block_id: UNKNOWN },
  ],
  ['POST', '/api/dynamiccontentregion', { region_id: UNKNOWN, field_id: UNKNOWN, version: 1 }],
  [
    'POST',
    '/api/contentblock',
    { block_id: UNKNOWN, region_id: UNKNOWN, template_id: UNKNOWN, version: 1 },
  ],
  [
    'POST',
    '/api/contentblockfield',
    { field_id: UNKNOWN, block_id: UNKNOWN, template_block_id: UNKNOWN, version: 1 },
  ],
];

describe.each(DIALECTS)('bad input to content routes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(dialect);
    await makeWorld(t.db);
  });
  afterAll(() => t.close());

  it.each(BY_ID)(
    '%s %s: 400 for a malformed id, 404 for an unknown one',
    async (method, path, payload, code) => {
      const malformed = await t.request({
        method,
        url: path.replace('{id}', 'not-a-uuid'),
        payload,
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'The path parameter "id" must be a valid uuid',
      });
      const unknown = await t.request({ method, url: path.replace('{id}', UNKNOWN), payload });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe(code);
      expect(unknown.json().message).toContain(UNKNOWN);
    },
  );

  it.each(WITH_BODY)(
    '%s %s: 400 for an unknown body field, naming it',
    async (method, url, body) => {
      const res = await t.request({ method, url, payload: { ...body, surprise: true } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Unknown field "surprise": remove it or check its spelling',
      });
    },
  );

  it.each(WITH_BODY)('%s %s: 400 for a wrong-typed field', async (method, url, body) => {
    const [field] = Object.keys(body);
    const res = await t.request({ method, url, payload: { ...body, [field!]: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().message).toContain(`"${field}"`);
  });

  it('answers 404 with the catalogue shape for a path that does not exist', async () => {
    const res = await t.request({ method: 'GET', url: `/api/nothing/${randomUUID()}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROUTE_NOT_FOUND');
  });
});
