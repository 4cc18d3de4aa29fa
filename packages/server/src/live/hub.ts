/**
 * Live events: what changed, for the people who may read it. Everything is published through
 * `publish(event)`; this in-process hub numbers the events, keeps the recent ones for resuming
 * streams (Last-Event-ID) and hands each to the open streams. The other instances' events come
 * in through the same `publish` (events/shared.ts) and are numbered here like this instance's own.
 */
import { randomInt } from 'node:crypto';

/** What happened to a content item ('lapse': its lock ran out; 'presence': who has it open). */
export interface LiveEventInput {
  type: 'content' | 'presence' | 'lock-request';
  content_id: string;
  /** content: lock, unlock, lapse, save, status, create, draft, delete-draft, delete, publish. */
  action?: string;
  /** Who did it (a username), and their display name. */
  by?: string | null;
  by_name?: string | null;
  version?: number | null;
  /** presence: who has the item open now. */
  viewers?: { username: string; name: string }[];
  /** Only these usernames receive it (a lock request and its answer). */
  to?: string[];
  /** lock-request: requested, handed-over, declined, withdrawn. */
  step?: string;
  /** When it happened (an event from another instance keeps its own); default now. */
  at?: string;
}

export interface LiveEvent extends LiveEventInput {
  id: string;
  at: string;
}

const KEPT = 2000;

export class EventHub {
  /**
   * Ids are `<boot>-<n>`: a stream resuming from another boot's id starts over (a reset). A boot
   * is unique to the process (instances started in the same millisecond differ), so an id from
   * another instance is never taken for one of this hub's.
   */
  private boot = newBoot();
  private seq = 0;
  private readonly recent: LiveEvent[] = [];
  private readonly listeners = new Set<(event: LiveEvent) => void>();
  private readonly resetListeners = new Set<() => void>();

  publish(input: LiveEventInput): LiveEvent {
    const event: LiveEvent = {
      ...input,
      id: `${this.boot}-${++this.seq}`,
      at: input.at ?? new Date().toISOString(),
    };
    this.recent.push(event);
    if (this.recent.length > KEPT) this.recent.splice(0, this.recent.length - KEPT);
    for (const listener of this.listeners) listener(event);
    return event;
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Events may have been missed (another instance's, while the signals were down): the hub starts
   * a new sequence, and every open stream is told to reload what it shows (`onReset`), like a
   * stream that resumes from an id no longer known.
   */
  reset(): void {
    this.boot = newBoot();
    this.seq = 0;
    this.recent.length = 0;
    for (const listener of this.resetListeners) listener();
  }

  onReset(listener: () => void): () => void {
    this.resetListeners.add(listener);
    return () => this.resetListeners.delete(listener);
  }

  /** The newest event's id (what a fresh stream resumes from). */
  lastId(): string {
    return `${this.boot}-${this.seq}`;
  }

  /** The events after `lastId`, or null when they are not known any more (another boot, too old). */
  since(lastId: string): LiveEvent[] | null {
    const [boot, n] = lastId.split('-');
    const after = Number(n);
    if (boot !== this.boot || !Number.isInteger(after) || after > this.seq) return null;
    if (after === this.seq) return [];
    const first = this.recent[0];
    const firstSeq = first ? Number(first.id.split('-')[1]) : this.seq + 1;
    if (after + 1 < firstSeq) return null;
    return this.recent.filter((event) => Number(event.id.split('-')[1]) > after);
  }
}

function newBoot(): string {
  return `${Date.now().toString(36)}${randomInt(2 ** 40).toString(36)}`;
}
