/** GET /api/references/: reference data (§3: template types). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { referenceData } from '../../operations/templates/reference-data';

const Nullable = Type.Union([Type.String(), Type.Null()]);
const ReferenceDataReply = Type.Object({
  templatetypes: Type.Array(
    Type.Object({
      template_type_id: Type.String(),
      template_type_name: Type.String(),
      content_type_id: Nullable,
      icon: Nullable,
    }),
  ),
});

export const referenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.canopy;
  app.get(
    '/references/',
    {
      schema: {
        tags: ['References'],
        summary: 'Reference data: the template types',
        response: { 200: ReferenceDataReply },
      },
    },
    () => referenceData(db),
  );
};
