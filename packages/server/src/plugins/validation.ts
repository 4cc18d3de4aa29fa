/**
 * Request validation. Bodies are checked strictly: no type coercion and unknown fields refused
 * (so a typo never silently drops data). Path and query strings are coerced to their types.
 */
import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { nestingDepth } from '@canopy/core';
import { fail } from '../errors';

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ allErrors: false, strict: false, useDefaults: true, ...options });
  addFormats.default(ajv);
  return ajv;
}

/** JSON bodies nest at most this deep; deeper input would only exhaust the stack further on. */
export const MAX_BODY_DEPTH = 64;

export function installValidators(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (nestingDepth(request.body, Object.values, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
      fail(
        'VALIDATION_FAILED',
        `The request body nests objects and lists more than ${MAX_BODY_DEPTH} levels deep; send a flatter body`,
      );
    }
  });
  const strict = makeAjv({ coerceTypes: false, removeAdditional: false });
  const coercing = makeAjv({ coerceTypes: 'array', removeAdditional: false });
  app.setValidatorCompiler<FastifySchema>(({ schema, httpPart }) =>
    (httpPart === 'body' ? strict : coercing).compile(schema as object),
  );
  app.setSchemaErrorFormatter(
    (errors, dataVar) => new Error(describe(errors as ErrorObject[], dataVar)),
  );
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
