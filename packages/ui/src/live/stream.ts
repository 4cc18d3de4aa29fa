/**
 * The browser's one live event stream (GET /api/events, Server-Sent Events read with fetch so it
 * carries the bearer token). It reconnects after a drop and resumes from the last event it saw
 * (Last-Event-ID), so nothing is lost. Every event about an item refreshes what the screens show of
 * it (its versions, lock and the tree); screens that need more subscribe with `onLiveEvent`.
 */
import { readEventStream } from '../raw-calls';
import { contentKeys, queryClient } from '../server-state';

export interface LiveEvent {
  id: string;
  type: 'content' | 'presence' | 'lock-request' | 'reset' | 'ready';
  content_id?: string;
  action?: string;
  by?: string | null;
  by_name?: string | null;
  version?: number | null;
  at?: string;
  viewers?: { username: string; name: string }[];
  step?: string;
}

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
let started = false;
let connected = false;
const RETRY_MS = [1000, 2000, 5000, 10_000];

/** Calls `listener` with every live event until the returned function is called. */
export function onLiveEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the stream is open now (events arrive without a reload). */
export function liveConnected(): boolean {
  return connected;
}

function dispatch(event: LiveEvent): void {
  if (event.type === 'reset') {
    void queryClient.invalidateQueries();
  } else if (event.type === 'content' && event.content_id) {
    void queryClient.invalidateQueries({ queryKey: contentKeys.item(event.content_id) });
    void queryClient.invalidateQueries({ queryKey: ['menus'] });
    void queryClient.invalidateQueries({ queryKey: ['audit'] });
  }
  for (const listener of listeners) listener(event);
}

let tokenOf: () => string | null = () => null;

/** Where the stream takes the signed-in user's bearer token from (null: none, e.g. a gateway). */
export function setLiveTokenSource(getToken: () => string | null): void {
  tokenOf = getToken;
}

/** Opens the stream once per page, once signed in; later calls do nothing. */
export function startLiveEvents(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  let lastId: string | null = null;
  let failures = 0;
  const connect = async () => {
    try {
      await readEventStream(
        '/api/events',
        {
          token: tokenOf(),
          lastEventId: lastId,
          onOpen: () => {
            connected = true;
            failures = 0;
          },
        },
        (event) => {
          if (event.id) lastId = event.id;
          const type = event.event as LiveEvent['type'] | undefined;
          if (!type) return;
          const data = JSON.parse(event.data || '{}') as Omit<LiveEvent, 'type'>;
          dispatch({ ...data, id: event.id ?? '', type });
        },
      );
    } catch {
      failures++;
    }
    connected = false;
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    setTimeout(() => void connect(), wait);
  };
  void connect();
}
