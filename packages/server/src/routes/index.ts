/** Every feature's routes, each an encapsulated plugin under /api. */
import type { FastifyInstance } from 'fastify';
import { contentRoutes } from './contents/index';
import { menuRoutes } from './menus/index';
import { identityRoutes } from './identity/index';
import { userRoutes } from './users/index';
import { roleRoutes } from './roles/index';
import { permissionRoutes } from './permissions/index';
import { apiKeyRoutes } from './apikeys/index';
import { referenceRoutes } from './references/index';
import { templateRoutes } from './templates/index';
import { microappRoutes } from './microapps/index';
import { mediaRoutes } from './media/index';
import { pageEditorRoutes } from './page-editor/index';
import { siteRoutes } from './sites/index';

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(contentRoutes);
  await app.register(menuRoutes);
  await app.register(identityRoutes);
  await app.register(userRoutes);
  await app.register(roleRoutes);
  await app.register(permissionRoutes);
  await app.register(apiKeyRoutes);
  await app.register(referenceRoutes);
  await app.register(templateRoutes);
  await app.register(microappRoutes);
  await app.register(mediaRoutes);
  await app.register(pageEditorRoutes);
  await app.register(siteRoutes);
}
