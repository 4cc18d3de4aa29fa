/** The built admin at /admin: files as built, deep links answered with the app. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPlugin } from '../../src/plugins/admin';

describe('the admin panel at /admin', () => {
  let app: FastifyInstance;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'canopy-admin-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Canopy</title>');
    writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
    app = Fastify();
    await app.register(adminPlugin, { root });
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers /admin and any deep link with the app, never cached', async () => {
    for (const url of [
      '/admin',
      '/admin/',
      '/admin/content/7e000000-0000-4000-8000-00000000a001',
    ]) {
      const reply = await app.inject({ url });
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toContain('<title>Canopy</title>');
      expect(reply.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves built assets for a year, and a missing asset is a 404', async () => {
    const asset = await app.inject({ url: '/admin/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: '/admin/assets/index-old.js' })).statusCode).toBe(404);
  });

  it('never serves files outside the build', async () => {
    const reply = await app.inject({ url: '/admin/..%2f..%2fetc%2fpasswd' });
    expect(reply.body).not.toContain('root:');
  });

  it('says how to build the panel when it is missing', async () => {
    const bare = Fastify();
    await bare.register(adminPlugin, { root: join(root, 'missing') });
    const reply = await bare.inject({ url: '/admin/content/x' });
    expect(reply.statusCode).toBe(503);
    expect(reply.body).toContain('npm start');
    await bare.close();
  });
});
