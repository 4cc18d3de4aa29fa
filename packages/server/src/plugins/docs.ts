/** The OpenAPI document of every route: /api/docs (UI) and /api/docs/json. */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

export const docsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Canopy content API',
          version: '0.1.0',
          description:
            'Content, templates, menus, versions, locks, identity and permissions. Send `Authorization: Bearer <token>` (or `x-api-key` for server-side callers).',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          },
        },
        security: [{ bearer: [] }, { apiKey: [] }],
      },
      // Shared schemas (a page model's recursive parts) keep their $id as their component name.
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) =>
          typeof json.$id === 'string' ? json.$id : `def-${i}`,
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  },
  { name: 'canopy-docs' },
);
