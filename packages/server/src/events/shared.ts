/**
 * Live events across instances on one PostgreSQL database, over the signals (cache/signals.ts);
 * with SQLite the signals do nothing and everything stays in this process.
 *
 * - An event published here goes to this instance's streams and to the other instances, which
 *   publish it to theirs, numbered by their own hub (an id names one instance's stream: a stream
 *   that resumes on another instance gets `reset`). One instance's events reach the others in the
 *   order it published them; an event about a write leaves after the write's cache change, so a
 *   browser that reads again on hearing it reads the new state anywhere.
 * - When messages may have been missed (the signals' resync), this instance's streams are told
 *   to reload what they show (`reset`).
 * - Presence and open lock requests are state, not events: each instance shares what it heard
 *   (an editor's word, a request made or closed) and every instance applies it to its own copy;
 *   presence events are published by each instance from its own copy.
 */
import type { Signals } from '../cache/signals';
import type { ReadCache } from '../cache/read-cache';
import { signalChange } from '../cache/remote-changes';
import type { EventHub, LiveEvent, LiveEventInput } from '../live/hub';
import { LockRequests } from '../live/lock-requests';
import { Presence } from '../live/presence';

export const EVENT_SIGNAL = 'live-event';
export const PRESENCE_SIGNAL = 'presence';
export const LOCK_REQUEST_SIGNAL = 'lock-request';

const FORWARDED = new Set(['content', 'lock-request']);

export interface SharedLive {
  /** The one way in for every event: this instance's streams and the other instances'. */
  publish(event: LiveEventInput): void;
  presence: Presence;
  requests: LockRequests;
  /** An item's lock moved: the caches here and on the other instances forget its lock state. */
  lockMoved(contentId: string): Promise<void>;
}

export function shareLive(hub: EventHub, signals: Signals, readCache: ReadCache): SharedLive {
  const publish = (input: LiveEventInput) => {
    const { id: _id, ...event }: LiveEvent = hub.publish(input);
    void signals.send(EVENT_SIGNAL, event);
  };
  const lockMoved = async (contentId: string) => {
    readCache.clearLockOf(contentId);
    await signalChange(signals, { kind: 'lock', contentId });
  };
  const presence = new Presence(
    (event) => void hub.publish(event),
    (word) => void signals.send(PRESENCE_SIGNAL, word),
  );
  const requests = new LockRequests(publish, {
    share: (word) => signals.send(LOCK_REQUEST_SIGNAL, word),
    lockMoved,
  });

  signals.on(EVENT_SIGNAL, (payload) => {
    const event = payload as Partial<LiveEventInput> | null;
    if (FORWARDED.has(event?.type ?? '') && typeof event?.content_id === 'string') {
      hub.publish(event as LiveEventInput);
    }
  });
  // Events from the other instances may have been missed: the streams here reload what they show.
  signals.onResync(() => hub.reset());
  signals.on(PRESENCE_SIGNAL, (payload) => presence.apply(payload));
  signals.on(LOCK_REQUEST_SIGNAL, (payload) => requests.apply(payload));
  return { publish, presence, requests, lockMoved };
}
