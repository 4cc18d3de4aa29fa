/** Template routes (§7 Templates): read, references, widget references, create, save/reorder, delete, updated info. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { createTemplate } from '../../operations/templates/create-template';
import { deleteTemplate } from '../../operations/templates/delete-template';
import { getTemplate } from '../../operations/templates/get-template';
import { listTemplateReferences } from '../../operations/templates/list-template-references';
import { listWidgetReferences } from '../../operations/templates/list-widget-references';
import { markTemplateUpdated } from '../../operations/templates/mark-template-updated';
import { updateTemplate } from '../../operations/templates/update-template';
import {
  CreateTemplateBody,
  DeletedTemplateReply,
  IdParams,
  ReferenceListReply,
  SavedTemplateReply,
  TemplateIdParams,
  TemplateReply,
  UpdatedInfoReply,
  UpdateTemplateBody,
  WidgetListReply,
} from './schemas';

export const templateCrudRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.canopy;
  const ctx = (request: FastifyRequest) => ({ db, actor: actorOf(request) });
  const tags = ['Templates'];

  app.get(
    '/templates/:id',
    {
      schema: {
        tags,
        summary:
          'A template with its blocks (keyed by block_id) and their fields (keyed by field_name)',
        params: IdParams,
        response: { 200: TemplateReply },
      },
    },
    (request) => getTemplate(ctx(request), request.params.id),
  );
  app.get(
    '/templates/:id/references',
    {
      schema: {
        tags,
        summary: 'The content items that use the template, as their template or as a widget',
        params: IdParams,
        response: { 200: ReferenceListReply },
      },
    },
    (request) => listTemplateReferences(ctx(request), request.params.id),
  );
  app.get(
    '/templates/:id/widgetreferences',
    {
      schema: {
        tags,
        summary: "The widget templates the template's dynamic zones allow, sorted by name",
        params: IdParams,
        response: { 200: WidgetListReply },
      },
    },
    (request) => listWidgetReferences(ctx(request), request.params.id),
  );
  app.post(
    '/templates',
    {
      schema: {
        tags,
        summary: 'Create a template at the end of its parent (needs Create on the parent)',
        body: CreateTemplateBody,
        response: { 201: TemplateReply },
      },
    },
    async (request, reply) => {
      const template = await createTemplate(ctx(request), request.body);
      return reply.status(201).send(template);
    },
  );
  app.put(
    '/templates/:template_id',
    {
      schema: {
        tags,
        summary:
          "Save a template's settings, or a reorder save (template_id, template_order, optionally parent_id)",
        params: TemplateIdParams,
        body: UpdateTemplateBody,
        response: { 200: SavedTemplateReply },
      },
    },
    async (request) => {
      const template = await updateTemplate(ctx(request), request.params.template_id, request.body);
      return { status: 'Success' as const, ...template };
    },
  );
  app.delete(
    '/templates/:id',
    {
      schema: {
        tags,
        summary: 'Delete a template nothing uses (never a fixed root)',
        params: IdParams,
        response: { 200: DeletedTemplateReply },
      },
    },
    (request) => deleteTemplate(ctx(request), request.params.id),
  );
  app.put(
    '/templates/updatedinfo/:id',
    {
      schema: {
        tags,
        summary: "Stamp the template's updated date and person (the caller, now)",
        params: IdParams,
        response: { 200: UpdatedInfoReply },
      },
    },
    (request) => markTemplateUpdated(ctx(request), request.params.id),
  );
};
