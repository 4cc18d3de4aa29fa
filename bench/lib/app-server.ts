/**
 * A plain HTTP server for the browser benches: a built single-page app (its assets under
 * `assetsPrefix`, index.html for every other address), fixed pages, and the API answers it calls.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' } as const;

export interface AppServerOptions {
  /** The app's build folder (index.html, assets/). */
  dist: string;
  /** The address its assets are asked at, e.g. '/admin/assets/' for dist/assets/. */
  assetsPrefix: string;
  /** Fixed answers by path: a page or stylesheet, with its content type. */
  fixed?: Record<string, { type: string; body: string }>;
  /** JSON answers by path, made at each request. */
  api?: Record<string, () => string>;
  /**
   * Event streams by path, held open without an event as the server holds its live events (an
   * answer that ends would have the app reconnect every second while it is measured).
   */
  streams?: string[];
}

export async function serveApp(
  options: AppServerOptions,
): Promise<{ origin: string; server: Server }> {
  const { dist, assetsPrefix, fixed = {}, api = {}, streams = [] } = options;
  const server = createServer((request, reply) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const page =
      fixed[path] ??
      Object.entries(fixed).find(
        ([end]) => end.startsWith('*') && path.endsWith(end.slice(1)),
      )?.[1];
    if (page) return reply.writeHead(200, { 'content-type': page.type }).end(page.body);
    if (streams.includes(path)) {
      return reply.writeHead(200, { 'content-type': 'text/event-stream' }).write(': open\n\n');
    }
    const answer = api[path];
    if (answer) return reply.writeHead(200, { 'content-type': 'application/json' }).end(answer());
    const file = path.startsWith(assetsPrefix)
      ? `/assets/${path.slice(assetsPrefix.length)}`
      : '/index.html';
    readFile(join(dist, file)).then(
      (body) =>
        reply
          .writeHead(200, {
            'content-type':
              TYPES[extname(file) as keyof typeof TYPES] ?? 'application/octet-stream',
          })
          .end(body),
      () => reply.writeHead(404).end(),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return { origin: `http://127.0.0.1:${port}`, server };
}
