/**
 * What the databases cannot store is refused with a 400 naming the field, on both: the NUL
 * character in any text (body, path, query) and integers beyond PostgreSQL's 32-bit `integer`.
 * And one rule for query strings on every route of the OpenAPI document: unknown parameters
 * are refused.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { createPage, makeWorld, type World } from './fixtures';

interface JsonSchema {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  minLength?: number;
  minItems?: number;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** The smallest value a schema accepts (required properties only). */
function sample(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return sample(choice[0]!);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((name) => [name, sample(schema.properties?.[name] ?? {})]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'string':
      return schema.format === 'uuid' ? randomUUID() : 'x'.repeat(schema.minLength ?? 1);
    default:
      return null;
  }
}

describe.each(DIALECTS)('input both databases can store, on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  let routes: { method: string; path: string; operation: Operation }[];

  beforeAll(async () => {
    t = await startApp(dialect);
    world = await makeWorld(t.db);
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json', as: null })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => method !== 'head')
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
  });
  afterAll(() => t.close());

  const fill = (path: string, value: (name: string) => string) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => value(name));
  const requiredQuery = (operation: Operation) =>
    Object.fromEntries(
      (operation.parameters ?? [])
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => [p.name, String(sample(p.schema))]),
    );
  const validId = (name: string) => (name === 'version' ? '1' : randomUUID());

  it('refuses an unknown query parameter on every route of the OpenAPI document', async () => {
    expect(routes.length).toBeGreaterThan(40);
    const accepted: string[] = [];
    for (const { method, path, operation } of routes) {
      const query = requiredQuery(operation);
      const body = operation.requestBody?.content['application/json']?.schema;
      const res = await t.request({
        method: method as 'GET',
        url: fill(path, validId),
        query: { ...query, bogus: '1' },
        ...(body && { payload: sample(body) as object }),
      });
      const reply = res.json() as { message?: string };
      if (
        res.statusCode !== 400 ||
        reply.message !== 'Unknown query parameter "bogus": remove it or check its spelling'
      ) {
        accepted.push(`${method} ${path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('answers 400, never 5xx, to a NUL character in any path or query parameter', async () => {
    const failures: string[] = [];
    for (const { method, path, operation } of routes) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const queryNames = (operation.parameters ?? [])
        .filter((p) => p.in === 'query' && p.schema.type === 'string')
        .map((p) => p.name);
      const tries = [
        ...names.map((bad) => ({
          url: fill(path, (name) => (name === bad ? 'a%00b' : validId(name))),
          query: {},
          what: `path parameter "${bad}"`,
        })),
        ...queryNames.map((bad) => ({
          url: fill(path, validId),
          query: { ...requiredQuery(operation), [bad]: 'a\u0000b' },
          what: `query parameter "${bad}"`,
        })),
      ];
      for (const { url, query, what } of tries) {
        const res = await t.request({ method: method as 'GET', url, query, payload: {} });
        if (res.statusCode !== 400 || !(res.json() as { message: string }).message.includes(what))
          failures.push(`${method} ${url} ${JSON.stringify(query)}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('names the field holding a NUL character in a body', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/contents',
      payload: {
        parent_id: world.rootId,
        template_id: world.pageTemplateId,
        content_name: 'Evil\u0000name',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The field "content_name" must not contain the NUL character (\\u0000)',
    });
    const url = await t.request({
      method: 'GET',
      url: '/api/contents',
      query: { site_id: world.siteId, page_url: '/a\u0000' },
    });
    expect(url.statusCode).toBe(400);
    expect(url.json().message).toBe(
      'The query parameter "page_url" must not contain the NUL character (\\u0000)',
    );
  });

  it('refuses version numbers beyond 2147483647 in paths, queries and bodies', async () => {
    const page = await createPage(t, world, 'Big numbers');
    const id = page.content_id as string;
    const path = await t.request({ method: 'GET', url: `/api/contents/${id}/2147483648` });
    expect(path.statusCode).toBe(400);
    expect(path.json().message).toBe('The path parameter "version" must be at most 2147483647');
    const query = await t.request({
      method: 'DELETE',
      url: `/api/contentblock/${randomUUID()}`,
      query: { version: '99999999999' },
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toBe('The query parameter "version" must be at most 2147483647');
    const body = await t.request({
      method: 'PUT',
      url: `/api/contents/${id}`,
      payload: { version: 2147483648, updated_date: page.updated_date },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().message).toBe('The field "version" must be at most 2147483647');
    const draft = await t.request({
      method: 'POST',
      url: '/api/contents/draftfromversion',
      payload: { content_id: id, version: -2147483649 },
    });
    expect(draft.statusCode).toBe(400);
    expect(draft.json().message).toBe('The field "version" must be at least 1');
    // The largest storable number is a well-formed request: not found, not a server error.
    const largest = await t.request({ method: 'GET', url: `/api/contents/${id}/2147483647` });
    expect(largest.statusCode).toBe(404);
  });

  it('refuses a NUL character in a permission key and in a text field of a fine-grained write', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/permissions/editor',
      payload: { 'a\u0000': { Read: { permission: 1 } } },
    });
    expect(res.statusCode).toBe(400);
    const field = await t.request({
      method: 'POST',
      url: '/api/contentfields',
      payload: {
        field_id: randomUUID(),
        content_id: randomUUID(),
        version: 1,
        template_block_id: randomUUID(),
        field_value: 'x\u0000',
      },
    });
    expect(field.statusCode).toBe(400);
    expect(field.json().message).toBe(
      'The field "field_value" must not contain the NUL character (\\u0000)',
    );
  });
});
