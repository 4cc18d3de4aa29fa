/**
 * Every route of the OpenAPI document, driven with malformed input: hostile strings in path
 * parameters and query parameters, bodies with wrong types, huge numbers, NUL characters, deep
 * JSON and unknown fields, as an administrator and as a user without any rights, on the demo
 * site. Whatever comes in, the server answers with a catalogued 4xx or a success, never a 5xx.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../src/seed/index';
import { DIALECTS, startApp, type TestApp } from '../harness';
import { encode, nastyJson, params, toJson } from './arbitraries';

/** Requests per route and dialect (each as a random caller). */
const RUNS = 30;
const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
type Method = (typeof METHODS)[number];

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface Operation {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Route {
  method: Method;
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
}

/** The routes of the OpenAPI document (the documentation's own routes aside). */
function routesOf(document: { paths: Record<string, Partial<Record<Method, Operation>>> }) {
  const routes: Route[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    // The live event stream stays open until the caller leaves (test/events covers it).
    if (path.startsWith('/api/docs') || path === '/api/events') continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const query: Record<string, JsonSchema> = {};
      for (const parameter of operation.parameters ?? [])
        if (parameter.in === 'query') query[parameter.name] = parameter.schema ?? {};
      routes.push({
        method,
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
        query,
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return routes;
}

describe.each(DIALECTS)('malformed input to every route on %s', (dialect) => {
  let t: TestApp;
  let routes: Route[] = [];
  /** Ids that exist, by kind, so that requests get past lookups to the code behind them. */
  const pools = new Map<string, string[]>();
  let every: string[] = [];

  beforeAll(async () => {
    t = await startApp(dialect);
    await seedIfEmpty(t.db);
    await t.tokenFor('nobody', []);
    routes = routesOf(t.app.swagger() as never);
    const ids = async (table: string, column: string) =>
      (
        (await t.db
          .selectFrom(table as 'content_items')
          .select(`${column} as id` as 'content_id')
          .execute()) as { content_id: string }[]
      )
        .map((row) => row.content_id)
        .sort();
    const admin = await t.db
      .selectFrom('users')
      .select('user_id')
      .where('username', 'in', ['admin', 'nobody'])
      .execute();
    const contents = await ids('content_items', 'content_id');
    const templates = await ids('templates', 'template_id');
    const templateBlocks = await ids('template_blocks', 'block_id');
    const templateFields = await ids('template_fields', 'field_id');
    const contentFields = await ids('content_fields', 'field_id');
    const regions = await ids('dynamic_regions', 'region_id');
    const blocks = await ids('content_blocks', 'block_id');
    const blockFields = await ids('block_fields', 'field_id');
    // the two callers' own accounts stay as they are: nothing here disables or promotes them
    const users = (await ids('users', 'user_id')).filter(
      (id) => !admin.some((user) => user.user_id === id),
    );
    const entries: [string, string[]][] = [
      ['contents', contents],
      ['menus', contents],
      ['lockcontents', contents],
      ['unlockcontents', contents],
      ['content', contents],
      ['content_id', contents],
      ['parent_id', [...contents, ...templates]],
      ['templates', templates],
      ['template_id', templates],
      ['templateblocks', templateBlocks],
      ['template_block_id', templateBlocks],
      ['templatefields', templateFields],
      ['contentfields', contentFields],
      ['field_id', [...contentFields, ...blockFields, ...templateFields]],
      ['dynamiccontentregion', regions],
      ['region_id', regions],
      ['contentblock', blocks],
      ['block_id', [...blocks, ...templateBlocks]],
      ['contentblockfield', blockFields],
      ['sites', await ids('sites', 'site_id')],
      ['site_id', await ids('sites', 'site_id')],
      ['users', users],
      ['roles', await ids('roles', 'role_id')],
      ['permissions', await ids('roles', 'role_id')],
      ['role_id', await ids('roles', 'role_id')],
      ['apikeys', await ids('api_keys', 'key_id')],
    ];
    for (const [name, list] of entries) pools.set(name, list);
    every = [...new Set(entries.flatMap(([, list]) => list))].sort();
  });
  afterAll(() => t.close());

  /** A value of the shape the schema asks for (ids that exist), to reach the code behind it. */
  function validFor(schema: JsonSchema | undefined, name = '', depth = 0): fc.Arbitrary<unknown> {
    const alternatives = schema?.anyOf ?? schema?.oneOf;
    if (alternatives) return fc.oneof(...alternatives.map((s) => validFor(s, name, depth)));
    if (schema?.enum) return fc.constantFrom(...schema.enum);
    if (schema?.const !== undefined) return fc.constant(schema.const);
    const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
    if (name === 'page_url') return fc.constantFrom('/', '/about', '/about/team');
    if (type === 'string')
      return schema?.format === 'uuid' || name.endsWith('_id')
        ? idFor(name)
        : fc.constantFrom('Text', 'Another text', '2026-05-01');
    if (type === 'integer' || type === 'number') return fc.integer({ min: 0, max: 3 });
    if (type === 'boolean') return fc.boolean();
    if (type === 'null') return fc.constant(null);
    if (type === 'object' && depth < 3) return objectFor(schema ?? {}, depth + 1);
    if (type === 'array' && depth < 3) return fc.array(fc.constant({}), { maxLength: 1 });
    return fc.jsonValue({ maxDepth: 1 });
  }

  /** An object with some of the schema's properties, each of its expected shape. */
  function objectFor(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
    const shape: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      shape[name] = validFor(property, name, depth);
    return fc.record(shape, { requiredKeys: [] });
  }

  /** An id of the kind a parameter or field names (its own name, else the path's resource). */
  function idFor(name: string, path = ''): fc.Arbitrary<string> {
    const resource = path.split('/')[2] ?? '';
    const pool =
      pools.get(name) ??
      (path.includes('/sites/') ? pools.get('sites') : pools.get(resource)) ??
      every;
    return pool.length > 0 ? fc.constantFrom(...pool) : fc.uuid();
  }

  it('reads the OpenAPI document and finds every feature in it', () => {
    const paths = new Set(routes.map((route) => route.path));
    for (const path of [
      '/api/contents/{id}',
      '/api/contentfields/{id}',
      '/api/templates/{id}',
      '/api/templatefields/{field_id}',
      '/api/menus',
      '/api/users',
    ])
      expect(paths).toContain(path);
    expect(routes.length).toBeGreaterThan(50);
  });

  it('never answers 5xx, whoever calls with whatever', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      // A well-formed request, then one place in it made hostile: a path parameter, a query
      // parameter, a body field, an unknown field, or the whole body.
      const slots = [
        ...route.pathParams.map((name) => `path:${name}`),
        ...Object.keys(route.query).map((name) => `query:${name}`),
        'query:surprise',
        ...(route.body
          ? [
              ...Object.keys(route.body.properties ?? {}).map((name) => `body:${name}`),
              'body:surprise',
              'body',
            ]
          : []),
      ];
      const request = fc.record({
        as: fc.constantFrom('admin', 'admin', 'nobody'),
        path: fc.tuple(
          ...route.pathParams.map((name) =>
            name === 'version'
              ? fc.constantFrom('1', '2')
              : name === 'type'
                ? fc.constant('page')
                : idFor(name, route.path),
          ),
        ),
        query: objectFor({ properties: route.query }),
        body: route.body ? validFor(route.body) : fc.constant(undefined),
        hostile: fc.option(fc.tuple(fc.constantFrom(...slots), nastyJson), { freq: 5 }),
      });
      const result = await fc.check(
        fc.asyncProperty(request, async ({ as, path, query, body: validBody, hostile }) => {
          const params = Object.fromEntries(route.pathParams.map((name, i) => [name, path[i]]));
          let body = validBody;
          if (hostile) {
            const [slot, value] = hostile;
            const [where, name] = slot.split(':') as [string, string | undefined];
            if (where === 'path') params[name!] = typeof value === 'string' ? value : toJson(value);
            else if (where === 'query') query = { ...query, [name!]: value };
            else if (name === undefined) body = value;
            else body = { ...(body as object), [name]: value };
          }
          let url = route.path;
          for (const [name, value] of Object.entries(params))
            url = url.replace(`{${name}}`, encode(String(value)));
          const search = Object.entries(query)
            .filter(([, value]) => value !== undefined)
            .map(
              ([key, value]) =>
                `${encode(key)}=${encode(typeof value === 'string' ? value : toJson(value))}`,
            )
            .join('&');
          if (search) url += `?${search}`;
          const res = await t.request({
            method: route.method.toUpperCase() as 'GET',
            url,
            as,
            ...(body === undefined
              ? {}
              : {
                  payload: toJson(body),
                  headers: { 'content-type': 'application/json' },
                }),
          });
          if (res.statusCode >= 500) {
            throw new Error(
              `${route.method.toUpperCase()} ${url} as ${as} with ${JSON.stringify(body)?.slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 300)}`,
            );
          }
        }),
        params(RUNS),
      );
      if (result.failed) {
        const error = result.errorInstance;
        failures.push(
          `${error instanceof Error ? error.message : String(error)} (seed ${result.seed}, path ${result.counterexamplePath})`,
        );
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  });
});
