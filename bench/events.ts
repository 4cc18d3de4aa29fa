/**
 * `npx tsx bench/events.ts`: a live event's delay from the write to another signed-in user's
 * event stream (target: under 200 ms), over real HTTP on loopback against Canopy in its own
 * process (bench/lib). One user locks and unlocks items one after another; the other's
 * `GET /api/events` stream receives each event. Reported: the write's own time (request to
 * answer) and the delay from sending the write to the event arriving, mean and p99.
 */
import { openCanopyWorld } from './lib/canopy';

const WRITES = Number(process.env.BENCH_EVENT_WRITES ?? 200);

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;
  return { mean, p99 };
}

async function main() {
  const world = await openCanopyWorld('events', 200);
  try {
    const watcher = await world.tokenFor('bench-watcher', ['administrator']);
    const abort = new AbortController();
    const stream = await fetch(`${world.server.origin}/api/events`, {
      headers: { authorization: `Bearer ${watcher}` },
      signal: abort.signal,
    });
    if (!stream.ok || !stream.body) throw new Error(`events answered ${stream.status}`);
    const waiting = new Map<string, (at: number) => void>();
    void (async () => {
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (!data) continue;
            const event = JSON.parse(data) as { content_id?: string; action?: string };
            waiting.get(`${event.content_id}:${event.action}`)?.(performance.now());
          }
        }
      } catch {
        // aborted at the end
      }
    })();

    const writes: number[] = [];
    const delays: number[] = [];
    const items = world.items.slice(1, 51);
    // The tree's items are published: each gets an unlocked draft, which can be locked.
    for (const item of items) {
      const draft = await fetch(`${world.server.origin}/api/contents/draft`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${world.adminToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ content_id: item.id, copied_from: 1, is_locked: 0 }),
      });
      if (!draft.ok) throw new Error(`draft answered ${draft.status}: ${await draft.text()}`);
    }
    for (let i = 0; i < WRITES; i++) {
      const item = items[i % items.length]!;
      const action = Math.floor(i / items.length) % 2 === 0 ? 'lock' : 'unlock';
      const arrived = new Promise<number>((resolve) =>
        waiting.set(`${item.id}:${action}`, resolve),
      );
      const sent = performance.now();
      const answer = await fetch(`${world.server.origin}/api/${action}contents/${item.id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${world.adminToken}` },
      });
      const answered = performance.now();
      if (!answer.ok)
        throw new Error(`${action} answered ${answer.status}: ${await answer.text()}`);
      const at = await arrived;
      waiting.delete(`${item.id}:${action}`);
      if (i >= 10) {
        writes.push(answered - sent);
        delays.push(at - sent);
      }
    }
    abort.abort();
    const write = stats(writes);
    const delay = stats(delays);
    console.log(`Live events, ${delays.length} writes (after 10 warm-up), another user's stream:`);
    console.log(
      `  write answered:          mean ${write.mean.toFixed(1)} ms, p99 ${write.p99.toFixed(1)} ms`,
    );
    console.log(
      `  write to event arrived:  mean ${delay.mean.toFixed(1)} ms, p99 ${delay.p99.toFixed(1)} ms (target < 200 ms)`,
    );
    if (delay.mean >= 200) process.exitCode = 1;
  } finally {
    await world.close();
  }
}

await main();
