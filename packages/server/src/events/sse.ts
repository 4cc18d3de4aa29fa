/** Answers a request with a Server-Sent Events stream: the raw response, headers sent. */
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

export function startEventStream(reply: FastifyReply): ServerResponse {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // Proxies that buffer (nginx) pass each event on at once.
    'x-accel-buffering': 'no',
  });
  return out;
}

/**
 * The reply of a Server-Sent Events route, for its OpenAPI document: `text/event-stream`, each
 * event's data a JSON text of the type the description names (core's).
 */
export function eventStreamReply(description: string) {
  return {
    200: {
      description,
      content: { 'text/event-stream': { schema: { type: 'string', description } } },
    },
  } as const;
}
