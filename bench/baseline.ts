/** The yardstick: a bare Fastify route answering a small JSON object, in its own process. */
import { expectJson, expectStatus, sequentialLatency, throughput } from './lib/measure';
import {
  describeLatency,
  describeThroughput,
  latencyRow,
  step,
  throughputRow,
  type Baseline,
  type Row,
} from './lib/report';
import { BARE_PATH, startBareServer } from './lib/server';

export async function measureBaseline(): Promise<{ baseline: Baseline; rows: Row[] }> {
  const server = await startBareServer();
  try {
    const url = `${server.origin}${BARE_PATH}`;
    const body = await expectJson<{ hello?: string }>(url);
    if (body.hello !== 'world') throw new Error(`The bare route answered ${JSON.stringify(body)}`);
    const latency = await sequentialLatency(() => expectStatus(url), { runs: 200, warmup: 50 });
    step(`bare route, sequential: ${describeLatency(latency)}`);
    const result = await throughput(url);
    step(`bare route, 10 connections: ${describeThroughput(result)}`);
    const baseline: Baseline = { rps: result.rps, latency };
    return {
      baseline,
      rows: [
        throughputRow('Bare Fastify route, throughput', result, baseline),
        latencyRow('Bare Fastify route, one request', latency, baseline),
      ],
    };
  } finally {
    await server.stop();
  }
}

/** The bare route again at the end: how far the machine's speed drifted during the run. */
export async function recheckBaseline(baseline: Baseline): Promise<Row> {
  const server = await startBareServer();
  try {
    const result = await throughput(`${server.origin}${BARE_PATH}`);
    step(`bare route again, 10 connections: ${describeThroughput(result)}`);
    return throughputRow('Bare Fastify route, throughput at the end', result, baseline);
  } finally {
    await server.stop();
  }
}
