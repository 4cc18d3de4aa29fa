import { openCanopyWorld } from './lib/canopy';
import { fillPage } from './lib/data';
import { throughput } from './lib/measure';
import { BARE_BYTES_PATH, startBareServer } from './lib/server';
const world = await openCanopyWorld('try', 2000);
const item = world.items.find((c) => c.lvl === 3)!;
await fillPage(world.db, world.model, item, 10);
const url = `${world.server.origin}/api/contents?site_id=${item.siteId}&page_url=${encodeURIComponent(item.pageUrl)}`;
const bytes = (await (await fetch(url, { headers: { authorization: `Bearer ${world.adminToken}` } })).arrayBuffer()).byteLength;
const bare = await startBareServer();
const bareUrl = `${bare.origin}${BARE_BYTES_PATH}?n=${bytes}`;
const rounds = Number(process.env.ROUNDS ?? 3);
const r: Record<string, number[]> = { bare: [], bearer: [], pub: [] };
for (let i = 0; i < rounds; i++) {
  r.bare!.push((await throughput(bareUrl, { seconds: 3 })).rps);
  r.bearer!.push((await throughput(url, { token: world.adminToken, seconds: 3 })).rps);
  r.pub!.push((await throughput(url, { seconds: 3 })).rps);
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
console.log(JSON.stringify(r));
console.log(`bare ${med(r.bare!).toFixed(0)} bearer ${med(r.bearer!).toFixed(0)} (${(100 * med(r.bearer!) / med(r.bare!)).toFixed(0)}%) public ${med(r.pub!).toFixed(0)} (${(100 * med(r.pub!) / med(r.bare!)).toFixed(0)}%)`);
await bare.stop();
await world.close();
