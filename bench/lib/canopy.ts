/**
 * A Canopy world for the bench: a throw-away database filled with a content tree, users with
 * tokens signed by the same issuer the measured server checks, and that server.
 */
import type { FastifyInstance } from 'fastify';
import { build } from '../../packages/server/src/app';
import type { Db } from '../../packages/server/src/db/index';
import { createUser } from '../../packages/server/src/operations/users/create-user';
import { createBenchDatabase, type Connection } from './database';
import { createContentModel, insertTree, planTree, type ContentModel, type TreeItem } from './data';
import { PUBLIC_URL, startCanopyServer, type RunningServer } from './server';

export interface CanopyWorld {
  db: Db;
  /** The database, for another server on it (`startCanopyServer`). */
  connection: Connection;
  model: ContentModel;
  items: TreeItem[];
  server: RunningServer;
  adminToken: string;
  /** Creates a user with these roles and returns a bearer token for them. */
  tokenFor(username: string, roleIds: string[]): Promise<string>;
  close(): Promise<void>;
}

/** Builds a world with a tree of `size` items (and whatever `prepare` adds) and starts Canopy on it. */
export async function openCanopyWorld(
  name: string,
  size: number,
  prepare?: (world: { db: Db }) => Promise<void>,
  serverEnv: Record<string, string> = {},
): Promise<CanopyWorld> {
  const bench = await createBenchDatabase(name);
  let signer: FastifyInstance | undefined;
  let server: RunningServer | undefined;
  try {
    const db = bench.database.db;
    const model = await createContentModel(db);
    const items = planTree(size);
    await insertTree(db, model, items);
    await prepare?.({ db });
    // An app on the same database, never listening: it signs tokens exactly as the server expects.
    signer = await build({
      database: bench.database,
      logger: false,
      config: { dataDir: bench.connection.dataDir, publicUrl: PUBLIC_URL, databaseUrl: undefined },
    });
    await signer.ready();
    const tokens = signer.canopy.tokens;
    const tokenFor = async (username: string, roleIds: string[]) => {
      const sub = await createUser(db, {
        username,
        given_name: 'Bench',
        family_name: username,
        roleIds,
      });
      return tokens.sign({ sub, preferred_username: username }, 3600);
    };
    const adminToken = await tokenFor('bench-admin', ['administrator']);
    server = await startCanopyServer(bench.connection, serverEnv);
    const running = server;
    const app = signer;
    return {
      db,
      connection: bench.connection,
      model,
      items,
      server,
      adminToken,
      tokenFor,
      async close() {
        await running.stop();
        await app.close();
        await bench.dispose();
      },
    };
  } catch (error) {
    await server?.stop();
    await signer?.close();
    await bench.dispose();
    throw error;
  }
}
