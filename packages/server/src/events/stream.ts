/**
 * GET /api/events: the signed-in browser's one Server-Sent Events stream. It carries only events
 * about items the caller may read (and lock requests only to the people they name), and resumes
 * after a dropped connection from Last-Event-ID; when the events in between are no longer known it
 * sends `reset` (reload what you show). Presence: PUT/DELETE/GET /api/presence/{id}.
 */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hasPermission } from '@canopy/core';
import { actorOf } from '../plugins/auth';
import { permissionsOn, requirePermission } from '../access/permissions';
import { itemOr404 } from '../operations/contents/guards';
import { ContentIdParams } from '../routes/contents/schemas';
import type { LiveEvent } from '../live/hub';
import { eventStreamReply, startEventStream } from './sse';
import { lockRequestRoutes } from './lock-requests';
import { presenceBeatMs } from '../live/presence';

const KEEPALIVE_MS = 25_000;
/** How long a stream trusts what it learned about the caller's Read permission on an item. */
const READ_CHECK_MS = 10_000;
const strict = { additionalProperties: false };
const Viewers = Type.Object({
  viewers: Type.Array(Type.Object({ username: Type.String(), name: Type.String() })),
  beat_ms: Type.Integer(),
});

export const liveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(lockRequestRoutes);
  const { db } = app.canopy;
  const { hub, presence } = app.live;
  const tags = ['Live'];

  app.get(
    '/events',
    {
      schema: {
        tags,
        summary:
          'Live events about items you may read (Server-Sent Events; resume with Last-Event-ID)',
        querystring: Type.Object(
          { last_event_id: Type.Optional(Type.String({ maxLength: 100 })) },
          strict,
        ),
        response: eventStreamReply(
          'Server-Sent Events (event: content, presence, lock-request, reset, ready), each with an id; data: the LiveEvent as JSON',
        ),
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const header = request.headers['last-event-id'];
      const resumeFrom =
        (typeof header === 'string' ? header : undefined) ?? request.query.last_event_id;
      const readable = new Map<string, { ok: boolean; until: number }>();
      const mayRead = async (contentId: string): Promise<boolean> => {
        const known = readable.get(contentId);
        if (known && known.until > Date.now()) return known.ok;
        const ok = hasPermission(await permissionsOn(db, actor, contentId), 'Read');
        readable.set(contentId, { ok, until: Date.now() + READ_CHECK_MS });
        return ok;
      };

      const out = startEventStream(reply);
      out.write('retry: 1000\n\n');
      const write = (event: LiveEvent) => {
        const { to: _to, ...shown } = event;
        out.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(shown)}\n\n`);
      };
      // Events leave in order: each waits for the permission check of the one before.
      let queue = Promise.resolve();
      const deliver = (event: LiveEvent) => {
        queue = queue
          .then(async () => {
            if (event.to && !event.to.includes(actor.username)) return;
            if (await mayRead(event.content_id)) write(event);
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'live event not sent'));
      };

      const reset = (id: string) => void out.write(`id: ${id}\nevent: reset\ndata: {}\n\n`);
      // Subscribe and read the missed events in the same turn, so none falls in between.
      const missed = resumeFrom ? hub.since(resumeFrom) : [];
      const unsubscribe = hub.subscribe(deliver);
      // After the events already on their way (the new sequence's id names where to resume).
      const unsubscribeReset = hub.onReset(() => {
        const id = hub.lastId();
        queue = queue.then(() => reset(id));
      });
      if (missed === null) {
        reset(hub.lastId());
      } else {
        for (const event of missed) deliver(event);
        if (!resumeFrom) out.write(`id: ${hub.lastId()}\nevent: ready\ndata: {}\n\n`);
      }
      const keepalive = setInterval(() => out.write(': keepalive\n\n'), KEEPALIVE_MS);
      request.raw.on('close', () => {
        clearInterval(keepalive);
        unsubscribe();
        unsubscribeReset();
      });
    },
  );

  app.put(
    '/presence/:id',
    {
      schema: {
        tags,
        summary: `Says you have the item open (again every beat_ms); answers who else has`,
        params: ContentIdParams,
        response: { 200: Viewers },
      },
      config: { changes: 'nothing' },
    },
    async (request) => {
      const actor = actorOf(request);
      await itemOr404(db, request.params.id);
      await requirePermission(db, actor, request.params.id, 'Read');
      const viewers = presence.here(request.params.id, {
        username: actor.username,
        name: actor.displayName,
      });
      return { viewers, beat_ms: presenceBeatMs() };
    },
  );
  app.delete(
    '/presence/:id',
    {
      schema: {
        tags,
        summary: 'Says you closed the item',
        params: ContentIdParams,
        response: { 204: Type.Null({ description: 'Closed' }) },
      },
      config: { changes: 'nothing' },
    },
    async (request, reply) => {
      presence.gone(request.params.id, actorOf(request).username);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/presence/:id',
    {
      schema: {
        tags,
        summary: 'Who has the item open',
        params: ContentIdParams,
        response: { 200: Viewers },
      },
    },
    async (request) => {
      await itemOr404(db, request.params.id);
      await requirePermission(db, actorOf(request), request.params.id, 'Read');
      return { viewers: presence.viewers(request.params.id), beat_ms: presenceBeatMs() };
    },
  );
};
