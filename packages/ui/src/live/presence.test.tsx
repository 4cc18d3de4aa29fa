// @vitest-environment happy-dom
/** Who else has an item open, as the editor's presence hook shows it. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { LiveEvent } from './stream';

type Reply = { data: { viewers: { username: string; name: string }[]; beat_ms: number } };
const beats: ((reply: Reply) => void)[] = [];
const listeners = new Set<(event: LiveEvent) => void>();

vi.mock('../server-state', () => ({
  api: () => ({
    PUT: () => new Promise<Reply>((answer) => beats.push(answer)),
    DELETE: () => Promise.resolve({}),
  }),
  queryClient: {},
}));
vi.mock('./stream', () => ({
  onLiveEvent: (listener: (event: LiveEvent) => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  startLiveEvents: () => undefined,
}));

const { usePresence } = await import('./hooks');

beforeEach(() => {
  beats.length = 0;
});
afterEach(cleanup);

const ada = { username: 'ada', name: 'Ada Admin' };
const eddie = { username: 'eddie', name: 'Eddie Editor' };
const announce = (viewers: (typeof ada)[]) =>
  act(() => {
    for (const listener of listeners) {
      listener({ id: '1', type: 'presence', content_id: 'c1', viewers });
    }
  });

describe('usePresence', () => {
  it('keeps who arrived while its own beat was under way', async () => {
    const { result } = renderHook(() => usePresence('c1', 'ada'));
    expect(beats).toHaveLength(1);
    // Eddie arrives after the server answered Ada's beat, before the answer reaches her.
    await announce([ada, eddie]);
    await act(async () => beats[0]!({ data: { viewers: [ada], beat_ms: 20_000 } }));
    expect(result.current).toEqual([eddie]);
  });

  it('shows what a beat answers when nothing was announced meanwhile', async () => {
    const { result } = renderHook(() => usePresence('c1', 'ada'));
    await act(async () => beats[0]!({ data: { viewers: [ada, eddie], beat_ms: 20_000 } }));
    expect(result.current).toEqual([eddie]);
  });
});
