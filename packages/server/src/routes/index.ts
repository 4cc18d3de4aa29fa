/** Every feature's routes, each an encapsulated plugin under /api. */
import type { FastifyInstance } from 'fastify';
import { contentRoutes } from './contents/index';

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(contentRoutes);
}
