/**
 * Request validation. Bodies are checked strictly: no type coercion and unknown fields refused
 * (so a typo never silently drops data). Path and query strings are coerced to their types.
 *
 * One rule for every /api route, applied here as routes are added, so no route can forget it:
 * - a route without a query schema takes no query parameters (an empty strict one is added), and
 *   one without a path schema gets one naming its path parameters;
 * - every string must be free of NUL characters and every integer must fit 32 bits, as both
 *   databases can store (schemas/common.ts), wherever a schema does not say so itself.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type {
  FastifyInstance,
  FastifySchema,
  FastifySchemaCompiler,
  FastifyServerOptions,
  RouteOptions,
} from 'fastify';
import { nestingDepth } from '@canopy/core';
import { AppError } from '../errors';
import { INT_MAX, INT_MIN, NO_NUL_PATTERN } from '../schemas/common';

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ allErrors: false, strict: false, useDefaults: true, ...options });
  addFormats.default(ajv);
  return ajv;
}

/**
 * The request validator, given to Fastify as its validator factory (`schemaController`), so that
 * every context uses it: a plugin that adds shared schemas gets its validator built again, from
 * this factory, never from Fastify's default one (which drops unknown fields instead of refusing
 * them).
 */
function buildValidator(shared: unknown): FastifySchemaCompiler<FastifySchema> {
  const { strict, coercing } = validatorsWith(Object.values((shared ?? {}) as object) as object[]);
  return ({ schema, httpPart }) =>
    onFirstCall(() => {
      const ajv = httpPart === 'body' ? strict : coercing;
      const validate = ajv.compile(schema as object);
      // The instances outlive any one app (tests build many in a process): they keep the shared
      // schemas, not each route's (a schema two routes share is compiled for each).
      ajv.removeSchema(schema as object);
      return validate;
    });
}

interface Validators {
  shared: object[];
  strict: Ajv;
  coercing: Ajv;
}

/**
 * Fastify asks for a validator once per plugin context (some fifty in this app), each time with
 * the shared schemas in scope. Contexts with the same shared schemas (the same objects) share one
 * pair of Ajv instances, and with it what they compiled: a new instance compiles the JSON Schema
 * meta-schema and its formats again, which took most of a second at every start.
 */
const validatorSets: Validators[] = [];

function validatorsWith(shared: object[]): Validators {
  const same = validatorSets.find(
    (set) =>
      set.shared.length === shared.length && set.shared.every((schema, i) => schema === shared[i]),
  );
  if (same) return same;
  const strict = makeAjv({ coerceTypes: false, removeAdditional: false });
  const coercing = makeAjv({ coerceTypes: 'array', removeAdditional: false });
  for (const schema of shared) {
    strict.addSchema(schema);
    coercing.addSchema(schema);
  }
  const made = { shared, strict, coercing };
  validatorSets.push(made);
  return made;
}

type Validate = ReturnType<FastifySchemaCompiler<FastifySchema>>;

/**
 * A route's validator, compiled when the route is first called: a server (or a test's app)
 * starts without generating code for the schemas of its two hundred routes, most of which a
 * process never calls (compiling them all took about a second of every start). Fastify reads
 * a failed check's `errors` from the function it was given, so they are copied onto it.
 */
function onFirstCall(compile: () => Validate): Validate {
  let compiled: Validate | undefined;
  const validate: Validate = (data) => {
    compiled ??= compile();
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  };
  return validate;
}

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type BuildSerializer = NonNullable<SchemaController['compilersFactory']>['buildSerializer'];

/**
 * Fastify's reply serialiser (fast-json-stringify), compiled once per reply schema (the same
 * schema, a content version say, answers some thirty routes, and each compiled copy is
 * generated code the process keeps), when a reply first needs it.
 */
const buildSerializer: BuildSerializer = (shared, options) => {
  const compile = SerializerSelector()(shared, options);
  type Serialize = ReturnType<typeof compile>;
  const compiled = new WeakMap<object, Serialize>();
  const compiledFor = (route: Parameters<typeof compile>[0]): Serialize => {
    const schema = route.schema as object;
    let serialize = compiled.get(schema);
    if (!serialize) compiled.set(schema, (serialize = compile(route)));
    return serialize;
  };
  return (route) => {
    let serialize: Serialize | undefined;
    return ((data: unknown) => (serialize ??= compiledFor(route))(data)) as Serialize;
  };
};

export const requestValidation: SchemaController = {
  // Fastify types the factory as @fastify/ajv-compiler's; it calls the compiler it returns with
  // a route's schema definition, as setValidatorCompiler's type has it.
  compilersFactory: {
    buildValidator: buildValidator as unknown as NonNullable<
      SchemaController['compilersFactory']
    >['buildValidator'],
    buildSerializer,
  },
};

/** JSON bodies nest at most this deep; deeper input would only exhaust the stack further on. */
export const MAX_BODY_DEPTH = 64;

export function installValidators(app: FastifyInstance): void {
  // A callback, not a promise: most requests have no body to look at.
  app.addHook('preValidation', (request, _reply, done) => {
    if (
      typeof request.body === 'object' &&
      nestingDepth(request.body, Object.values, MAX_BODY_DEPTH) > MAX_BODY_DEPTH
    ) {
      return done(
        new AppError(
          'VALIDATION_FAILED',
          `The request body nests objects and lists more than ${MAX_BODY_DEPTH} levels deep; send a flatter body`,
        ),
      );
    }
    done();
  });
  app.addHook('onRoute', applyRequestRules);
  app.setSchemaErrorFormatter(
    (errors, dataVar) => new Error(describe(errors as ErrorObject[], dataVar)),
  );
}

type Schema = Record<string, unknown>;

/** The API's routes (not the docs, not the OpenID provider's own endpoints). */
function isApiRoute(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

export function applyRequestRules(route: RouteOptions): void {
  if (!isApiRoute(route.url)) return;
  const schema: FastifySchema = { ...route.schema };
  schema.querystring = storable(
    (schema.querystring as Schema | undefined) ?? { type: 'object', properties: {} },
  );
  if (schema.querystring && (schema.querystring as Schema).type === 'object') {
    schema.querystring = { additionalProperties: false, ...(schema.querystring as Schema) };
  }
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const params =
    (schema.params as Schema | undefined) ??
    (names.length > 0
      ? {
          type: 'object',
          properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
          additionalProperties: false,
        }
      : undefined);
  // A part set to undefined makes Fastify warn that its schema is missing: leave it out instead.
  if (params) schema.params = storable(params);
  if (schema.body) schema.body = storable(schema.body as Schema);
  route.schema = schema;
}

const NESTED = ['properties', 'patternProperties', '$defs', 'definitions'];
const LISTS = ['anyOf', 'allOf', 'oneOf', 'prefixItems'];
const SINGLE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'];

/**
 * A copy of `schema` in which every string refuses NUL and every integer fits 32 bits (what a
 * schema says itself wins), and every record's keys refuse NUL too.
 */
export function storable<T extends Schema | undefined>(schema: T): T {
  if (!schema || typeof schema !== 'object') return schema;
  const copy: Schema = { ...schema };
  for (const key of NESTED) {
    const map = copy[key] as Record<string, Schema> | undefined;
    if (map && typeof map === 'object') {
      copy[key] = Object.fromEntries(
        Object.entries(map).map(([name, child]) => [name, storable(child)]),
      );
    }
  }
  for (const key of LISTS) {
    if (Array.isArray(copy[key])) copy[key] = (copy[key] as Schema[]).map((s) => storable(s));
  }
  for (const key of SINGLE) {
    if (copy[key] && typeof copy[key] === 'object') copy[key] = storable(copy[key] as Schema);
  }
  const types = Array.isArray(copy.type) ? (copy.type as string[]) : [copy.type];
  if (types.includes('string') && copy.pattern === undefined && copy.enum === undefined) {
    copy.pattern = NO_NUL_PATTERN;
  }
  if (types.includes('integer') && copy.enum === undefined) {
    copy.minimum ??= INT_MIN;
    copy.maximum ??= INT_MAX;
  }
  if (copy.patternProperties && copy.propertyNames === undefined) {
    copy.propertyNames = { pattern: NO_NUL_PATTERN };
  }
  return copy as T;
}

/** One sentence a person can act on, naming the field. */
export function describe(errors: ErrorObject[], dataVar: string): string {
  const error = errors[0];
  if (!error) return `The ${dataVar} is not valid`;
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : '';
  const part =
    dataVar === 'querystring'
      ? 'query parameter'
      : dataVar === 'params'
        ? 'path parameter'
        : 'field';
  const field = (name: string) => `${part} "${name}"`;
  switch (error.keyword) {
    case 'required': {
      const missing = (error.params as { missingProperty: string }).missingProperty;
      return `Missing ${field(where ? `${where}.${missing}` : missing)}`;
    }
    case 'additionalProperties': {
      const extra = (error.params as { additionalProperty: string }).additionalProperty;
      return `Unknown ${field(where ? `${where}.${extra}` : extra)}: remove it or check its spelling`;
    }
    case 'type':
      return `The ${field(where || dataVar)} must be ${article((error.params as { type: string }).type)}`;
    case 'enum':
      return `The ${field(where)} must be one of: ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
    case 'format':
      return `The ${field(where)} must be a valid ${(error.params as { format: string }).format}`;
    case 'maxLength':
      return `The ${field(where)} must be at most ${(error.params as { limit: number }).limit} characters`;
    case 'minLength':
      return `The ${field(where)} must not be empty`;
    case 'minimum':
      return `The ${field(where)} must be at least ${(error.params as { limit: number }).limit}`;
    case 'maximum':
      return `The ${field(where)} must be at most ${(error.params as { limit: number }).limit}`;
    case 'pattern':
      if ((error.params as { pattern: string }).pattern === NO_NUL_PATTERN) {
        return `The ${field(where || dataVar)} must not contain the NUL character (\\u0000)`;
      }
      return `The ${field(where || dataVar)} does not have the expected form`;
    case 'propertyNames':
      return `The ${field(where || dataVar)} has a key that is not valid (no NUL characters)`;
    default:
      return `The ${field(where || dataVar)} ${error.message ?? 'is not valid'}`;
  }
}

function article(type: string): string {
  const name =
    type === 'integer'
      ? 'a whole number'
      : type === 'object'
        ? 'an object'
        : type === 'array'
          ? 'a list'
          : `a ${type}`;
  return type.includes(',') ? `one of: ${type}` : name;
}
