/**
 * Replies whose JSON is already written (a cached page or the menu tree, perhaps in gzip): Fastify
 * sends bytes and strings as they are, so the route's reply schema documents them without costing
 * a second serialisation.
 */
import type { FastifyReply } from 'fastify';

export function sendJsonBytes(reply: FastifyReply, body: Buffer | string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
