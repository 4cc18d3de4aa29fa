/** A test's reader of the live event stream: a real HTTP connection, events as they arrive. */
export interface StreamEvent {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

export interface EventReader {
  events: StreamEvent[];
  /** Resolves once an event matching `match` has arrived (at most `timeoutMs`). */
  next(match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
}

export async function openEvents(
  base: string,
  token: string,
  lastEventId?: string,
): Promise<EventReader> {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: abort.signal,
  });
  if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  void (async () => {
    let buffer = '';
    const decoder = new TextDecoder();
    try {
      const reader = response.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
          }
          if (!fields.has('event')) continue;
          events.push({
            id: fields.get('id') ?? '',
            event: fields.get('event')!,
            data: JSON.parse(fields.get('data') ?? '{}') as Record<string, unknown>,
          });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // closed
    }
  })();
  return {
    events,
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such event; got ${JSON.stringify(events.map((e) => e.data))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}
