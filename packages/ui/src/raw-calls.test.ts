/** The event streams as the browser reads them: what is asked for, and the events that come out. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  readBuildEvents,
  readEventStream,
  type BuildReply,
  type EventSourceMessage,
} from './raw-calls';

/** A reply whose body arrives in the given pieces. */
function streamed(pieces: string[], status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

function fakeFetch(reply: Response) {
  const calls: { url: string; headers: Headers }[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    calls.push({ url: input, headers: new Headers(init?.headers) });
    return reply;
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readBuildEvents', () => {
  it("gives each 'build' event's build, however the stream's text is cut", async () => {
    const running = { build_id: 'b1', status: 'running' };
    const done = { build_id: 'b1', status: 'succeeded' };
    const calls = fakeFetch(
      streamed([
        ': connected\n\n',
        `event: build\ndata: ${JSON.stringify(running).slice(0, 10)}`,
        `${JSON.stringify(running).slice(10)}\n\nevent: other\ndata: {}\n\n`,
        `event: build\r\ndata: ${JSON.stringify(done)}\r\n\r\n`,
      ]),
    );
    const builds: BuildReply[] = [];
    await readBuildEvents('b1', { token: 'token-1' }, (build) => builds.push(build));
    expect(builds).toEqual([running, done]);
    expect(calls.map((call) => call.url)).toEqual(['/api/builds/b1/events']);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer token-1');
  });
});

describe('readEventStream', () => {
  it('resumes after the last event seen and says when the stream is open', async () => {
    const calls = fakeFetch(streamed(['id: 7\nevent: content\ndata: {"content_id":"c1"}\n\n']));
    const opened = vi.fn();
    const events: EventSourceMessage[] = [];
    await readEventStream(
      '/api/events',
      { token: null, lastEventId: '6', onOpen: opened },
      (event) => events.push(event),
    );
    expect(opened).toHaveBeenCalledOnce();
    expect(events).toEqual([{ id: '7', event: 'content', data: '{"content_id":"c1"}' }]);
    expect(calls[0]!.headers.get('last-event-id')).toBe('6');
    expect(calls[0]!.headers.get('authorization')).toBeNull();
  });

  it('fails when the stream is refused, before any event', async () => {
    fakeFetch(streamed(['{"message":"Not allowed"}'], 403));
    const onEvent = vi.fn();
    const opened = vi.fn();
    await expect(
      readEventStream('/api/events', { token: 't', onOpen: opened }, onEvent),
    ).rejects.toThrow('HTTP 403');
    expect(opened).not.toHaveBeenCalled();
    expect(onEvent).not.toHaveBeenCalled();
  });
});
