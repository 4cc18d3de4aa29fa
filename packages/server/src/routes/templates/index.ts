/** Templates, template blocks and template fields (§7 Templates). */
import type { FastifyInstance } from 'fastify';
import { templateBlockRoutes } from './blocks';
import { templateFieldRoutes } from './fields';
import { templateCrudRoutes } from './templates';

export async function templateRoutes(app: FastifyInstance): Promise<void> {
  await app.register(templateCrudRoutes);
  await app.register(templateBlockRoutes);
  await app.register(templateFieldRoutes);
}
