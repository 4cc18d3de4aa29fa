/** The page editor's own read: what a page shares with its site, to render it in the browser. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { SiteData } from '@canopy/site/data';
import { actorOf } from '../../plugins/auth';
import { Uuid } from '../../schemas/common';
import { readEditingContext } from '../../operations/page-editor/read-editing-context';

const EditingContextReply = Type.Object(
  {
    content_id: Uuid,
    site_id: Uuid,
    base_path: Type.String(),
    stylesheet: Type.String(),
    site: Type.Unsafe<SiteData>({
      'x-canopy-type': 'SiteData',
      'x-canopy-module': '@canopy/site/browser',
      description:
        "What the site's pages share on the preview target (@canopy/site's SiteData): menu, footer, templates, field names, linked pages and micro-app instances",
    }),
  },
  { $id: 'PageEditorContext' },
);

export const pageEditorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.canopy;
  app.get(
    '/pageeditor/:id',
    {
      schema: {
        tags: ['Page editor'],
        summary:
          "What the page editor needs to render a content item's page as its site does (id: the content)",
        params: Type.Object({ id: Uuid }, { additionalProperties: false }),
        response: { 200: EditingContextReply },
      },
    },
    (request) =>
      readEditingContext({ db, actor: actorOf(request) }, config.publishing, request.params.id),
  );
};
