/**
 * A Canopy world for the bench: a throw-away database filled with a content tree, users with
 * tokens signed by the same issuer the measured server checks, and that server.
 */
import { loadSigningKeys } from '../../packages/server/src/auth/keys';
import { createTokenIssuer } from '../../packages/server/src/auth/tokens';
import type { Db } from '../../packages/server/src/db/index';
import { createUser } from '../../packages/server/src/operations/users/create-user';
import type { Content } from '@canopy/core';
import { createBenchDatabase, type Connection } from './database';
import { createContentModel, insertTree, planTree, type ContentModel, type TreeItem } from './data';
import { expectJson } from './measure';
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
  let server: RunningServer | undefined;
  try {
    const db = bench.database.db;
    const model = await createContentModel(db);
    const items = planTree(size);
    await insertTree(db, model, items);
    await prepare?.({ db });
    // The server's own issuer and keys (kept in the database), as `canopy token` signs. Not a
    // whole app in this process: its start-up build, scheduler and jobs would compete with the
    // measured server for the CPU and share its data folder.
    const tokens = createTokenIssuer(`${PUBLIC_URL}/oidc`, await loadSigningKeys(db));
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
        await bench.dispose();
      },
    };
  } catch (error) {
    await server?.stop();
    await bench.dispose();
    throw error;
  }
}

/**
 * Add Item through the API: a page of the bench's page template under the tree's first root,
 * whose draft the administrator holds locked (as a creator does). Answers the new content.
 */
export function addPage(world: CanopyWorld, name: string): Promise<Content> {
  return expectJson<Content>(
    `${world.server.origin}/api/contents`,
    {
      method: 'POST',
      token: world.adminToken,
      body: {
        parent_id: world.items[0]!.id,
        template_id: world.model.pageTemplateId,
        content_name: name,
      },
    },
    201,
  );
}
