/**
 * The fine-grained calls of §7 "Content fields, zones, blocks". Each writes one row of a draft
 * version through the same rules as the Save (lock, draft, ownership, field validation).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TProperties } from 'typebox';
import { actorOf } from '../../plugins/auth';
import { fail } from '../../errors';
import {
  BlockChange,
  BlockFieldChange,
  ContentFieldChange,
  RegionChange,
} from '../../schemas/changes';
import { Uuid, VersionNumber } from '../../schemas/common';
import { draftVersionOf, writePart, type Part } from '../../operations/contents/write-part';
import type { ChangeAction } from '../../operations/contents/plan-changes';
import { IdParams } from '../../schemas/common';
import { LoadedUpdatedDate, OptionalVersionQuery, PartReply } from './schemas';

/** A change schema as a standalone body: version (and the listed ids) required, no change status. */
function bodyOf(schema: { properties: TProperties }, required: string[], pathId?: string) {
  const properties: TProperties = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    if (name === 'cmsItemStatus') continue;
    if (name === pathId) properties[name] = Type.Optional(Uuid);
    else
      properties[name] = required.includes(name)
        ? name === 'version'
          ? VersionNumber
          : Uuid
        : property;
  }
  properties.updated_date = Type.Optional(LoadedUpdatedDate);
  return Type.Object(properties, { additionalProperties: false });
}

const RESOURCES = [
  {
    path: 'contentfields',
    kind: 'content_field',
    id: 'field_id',
    schema: ContentFieldChange,
    create: ['content_id', 'version', 'template_block_id'],
    label: 'content field',
  },
  {
    path: 'dynamiccontentregion',
    kind: 'dynamic_region',
    id: 'region_id',
    schema: RegionChange,
    create: ['field_id', 'version'],
    label: 'dynamic zone',
  },
  {
    path: 'contentblock',
    kind: 'content_block',
    id: 'block_id',
    schema: BlockChange,
    create: ['region_id', 'template_id', 'version'],
    label: 'content block',
  },
  {
    path: 'contentblockfield',
    kind: 'block_field',
    id: 'field_id',
    schema: BlockFieldChange,
    create: ['block_id', 'template_block_id', 'version'],
    label: 'block field',
  },
] as const;

export const contentPartRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.canopy;
  for (const resource of RESOURCES) {
    const tags = ['Content fields, zones, blocks'];
    const createBody = bodyOf(resource.schema, [...resource.create]);
    const updateBody = bodyOf(
      resource.schema,
      resource.kind === 'content_field' ? ['content_id', 'version'] : ['version'],
      resource.id,
    );
    const run = (
      request: Parameters<typeof actorOf>[0],
      body: Record<string, unknown>,
      action: ChangeAction,
    ) =>
      writePart(
        { db, actor: actorOf(request) },
        { kind: resource.kind, change: body } as Part,
        action,
      );

    app.post(
      `/${resource.path}`,
      {
        schema: {
          tags,
          summary: `Create a ${resource.label} in a draft`,
          body: createBody,
          response: { 201: PartReply },
        },
      },
      async (request, reply) => {
        reply.status(201);
        return run(request, request.body as Record<string, unknown>, 'create');
      },
    );
    app.put(
      `/${resource.path}/:id`,
      {
        schema: {
          tags,
          summary: `Update a ${resource.label} of a draft`,
          params: IdParams,
          body: updateBody,
          response: { 200: PartReply },
        },
      },
      (request) => {
        const body = request.body as Record<string, unknown>;
        if (body[resource.id] !== undefined && body[resource.id] !== request.params.id) {
          fail(
            'VALIDATION_FAILED',
            `The body's ${resource.id} does not match the path's id ${request.params.id}`,
          );
        }
        return run(request, { ...body, [resource.id]: request.params.id }, 'edited');
      },
    );
    if (resource.kind === 'content_block' || resource.kind === 'block_field') {
      app.delete(
        `/${resource.path}/:id`,
        {
          schema: {
            tags,
            summary: `Delete a ${resource.label} from a draft`,
            params: IdParams,
            querystring: OptionalVersionQuery,
            response: { 200: PartReply },
          },
        },
        async (request) => {
          const version = await draftVersionOf(
            db,
            resource.kind,
            request.params.id,
            request.query.version,
          );
          return run(request, { [resource.id]: request.params.id, version }, 'delete');
        },
      );
    }
  }
};
