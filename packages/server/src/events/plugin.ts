/**
 * Live events (live/hub.ts): a write's event once it succeeded, lapsed locks released as they
 * run out, who has an item open (live/presence.ts), and the one stream per signed-in browser that
 * carries them (stream.ts); shared with the other instances on the same PostgreSQL database
 * (shared.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { releaseLapsedLocks } from '../operations/contents/lapse';
import { lockLeaseSeconds } from '../repositories/lock-lease';
import { EventHub, type LiveEventInput } from '../live/hub';
import type { Presence } from '../live/presence';
import type { LockRequests } from '../live/lock-requests';
import { CONTENT_ACTIONS, contentIdOf, versionOf } from './actions';
import { shareLive } from './shared';

export interface Live {
  hub: EventHub;
  /** The one way in for every event. */
  publish(event: LiveEventInput): void;
  presence: Presence;
  requests: LockRequests;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
  }
}

const PRESENCE_SWEEP_MS = 5_000;

function parsed(payload: unknown): Record<string, unknown> | null {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    return JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export const livePlugin = fp(
  async (app) => {
    const hub = new EventHub();
    const { publish, presence, requests, lockMoved } = shareLive(
      hub,
      app.canopy.signals,
      app.canopy.readCache,
    );
    app.decorate('live', { hub, publish, presence, requests });

    app.addHook('onSend', (request, reply, payload, done) => {
      announce(request, reply, payload);
      done(null, payload);
    });

    /** Tells the live streams of a content write that succeeded. */
    function announce(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
      if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
      const route = `${request.method} ${request.routeOptions.url}`;
      const action = CONTENT_ACTIONS[route];
      if (!action || !request.actor) return;
      const body = request.body as Record<string, unknown> | null;
      const answer = parsed(payload);
      const params = request.params as Record<string, unknown>;
      const contentId = contentIdOf(route, params, body, answer);
      if (!contentId) return;
      publish({
        type: 'content',
        content_id: contentId,
        action,
        by: request.actor.username,
        by_name: request.actor.displayName,
        version: versionOf(request.query as Record<string, unknown>, body, answer),
      });
    }

    // Lapsed locks: released a few times per lease (at most every 10 s), so the tree and the
    // editors show the item free soon after it lapses.
    const lapseEvery = Math.min(10_000, Math.max(250, (lockLeaseSeconds() * 1000) / 4));
    let sweeping = false;
    const lapseTimer = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      releaseLapsedLocks(app.canopy.db)
        .then(async (released) => {
          for (const lock of released) {
            await lockMoved(lock.content_id);
            publish({
              type: 'content',
              content_id: lock.content_id,
              action: 'lapse',
              by: lock.locked_by,
            });
          }
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'releasing lapsed locks failed'))
        .finally(() => (sweeping = false));
    }, lapseEvery);
    const presenceTimer = setInterval(() => presence.sweep(), PRESENCE_SWEEP_MS);
    lapseTimer.unref();
    presenceTimer.unref();
    app.addHook('onClose', async () => {
      clearInterval(lapseTimer);
      clearInterval(presenceTimer);
    });
  },
  { name: 'canopy-live', dependencies: ['canopy-context'] },
);
