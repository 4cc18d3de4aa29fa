import type { FastifyInstance } from 'fastify';
import { contentReadRoutes } from './read';
import { contentWriteRoutes } from './write';
import { contentListRoutes } from './lists';
import { contentPartRoutes } from './parts';

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  await app.register(contentReadRoutes);
  await app.register(contentWriteRoutes);
  await app.register(contentListRoutes);
  await app.register(contentPartRoutes);
}
