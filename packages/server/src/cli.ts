/** The `canopy` command line: start the server, print tokens, manage users and API keys. */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { loadConfig } from './config';
import { openDatabase, type Db } from './db/index';
import { loadSigningKeys } from './auth/keys';
import { createTokenIssuer } from './auth/tokens';
import { issuerPublicUrl, recordPublicUrl } from './auth/public-url';
import { SYSTEM_ACTOR } from './auth/actor';
import { generatePassword } from './auth/passwords';
import { isSeeded, seedIfEmpty, type SeedResult } from './seed/index';
import { assignInitialPasswords, initialPasswordProblem, type InitialPassword } from './seed/users';
import { addUser } from './operations/users/add-user';
import { listUsers } from './operations/users/list-users';
import { updateUser } from './operations/users/update-user';
import { setUserRoles } from './operations/users/set-roles';
import { userIdOf } from './operations/users/get-user';
import { createApiKey } from './operations/apikeys/create-api-key';
import { listApiKeys } from './operations/apikeys/list-api-keys';
import { revokeApiKey } from './operations/apikeys/revoke-api-key';
import { API_KEY_HEADER } from './auth/api-keys';
import type { TransferOptions, TransferSummary } from './transfer/export';

const program = new Command('canopy').description('Canopy CMS');

/** Opens the configured database (seeding it if new) for one command, then closes it. */
async function withDatabase<T>(run: (db: Db) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    sqliteFile: `${config.dataDir}/canopy.sqlite`,
  });
  try {
    await seedIfEmpty(database.db);
    return await run(database.db);
  } finally {
    await database.close();
  }
}

program
  .command('start')
  .description('Start Canopy (PORT, CANOPY_DATA_DIR and DATABASE_URL configure it)')
  .action(async () => {
    const config = loadConfig();
    // Loaded here so that the other commands start without the HTTP stack.
    const { build } = await import('./app');
    const app = await build({ config });
    const seeded = (await isSeeded(app.canopy.db)) ? null : await seedApart();
    // The seed gives the first passwords (argon2 takes 64 MB to hash one); any left, here.
    const passwords = [
      ...(seeded?.passwords ?? []),
      ...(await assignInitialPasswords(app.canopy.db)),
    ];
    await app.listen({ port: config.port, host: config.host });
    await recordPublicUrl(app.canopy.db, config.publicUrl);
    const where = config.databaseUrl ? 'PostgreSQL' : `SQLite at ${config.dataDir}/canopy.sqlite`;
    console.log(`\nCanopy is running at ${config.publicUrl}  (database: ${where})`);
    if (seeded) console.log(`The demo site "${seeded.siteName}" was created.`);
    if (passwords.length > 0) {
      console.log(
        '\nSign-in accounts (shown this once; change them with `canopy user set-password`):',
      );
      for (const { username, password } of passwords) {
        const shown = password ?? '(the password from the environment)';
        console.log(`  user '${username}'  password ${shown}`);
      }
    } else {
      console.log(`Administrator sign-in: user 'admin'.`);
    }
    console.log(`For an API token run: npx canopy token --user admin`);
    console.log(`API documentation: ${config.publicUrl}/api/docs\n`);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => stopGracefully(app));
    }
  });

program
  .command('seed', { hidden: true })
  .description('Seed an empty installation with the demo site, as the first start does')
  .action(async () => {
    const seeded = await withInstallation(async ({ db, storage }): Promise<FirstStart | null> => {
      const result = await seedIfEmpty(db, storage);
      if (!result) return null;
      const { buildFirstTargets } = await import('./seed/first-build');
      await buildFirstTargets(db, storage, loadConfig());
      return { ...result, passwords: await assignInitialPasswords(db) };
    });
    console.log(JSON.stringify(seeded));
  });

/** What the first start's seed did: the demo site, and the first passwords it gave. */
type FirstStart = SeedResult & { passwords: InitialPassword[] };

/**
 * The first start's demo seed, in a process of its own: its media go through the upload code
 * (image sizes with sharp, SVG sanitising with jsdom), its first build through the render threads
 * and its first passwords through argon2 (64 MB a hash), none of which a server at rest then
 * holds: it idles as after a restart. Returns what the seed printed.
 */
async function seedApart(): Promise<FirstStart | null> {
  // A first password from the environment that would be refused stops the start before the seed.
  const problem = initialPasswordProblem();
  if (problem) throw new Error(problem);
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, 'seed'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`The demo seed stopped with exit code ${code}`);
  return JSON.parse(printed.trim().split('\n').pop()!) as FirstStart | null;
}

/** Seconds a stop waits for requests and a running build before the process ends anyway. */
const GRACE_SECONDS = 10;

/**
 * A stop (SIGTERM, Ctrl+C): no new requests, the ones in flight and a running build finish, then
 * the process ends. What is still running after the grace period is cut short and its target
 * never switched: with SQLite the build is marked failed on the next start; with PostgreSQL its
 * job is taken over by another instance once it expires. A second signal ends the process at
 * once.
 */
function stopGracefully(app: { close(): Promise<unknown> }): void {
  const deadline = setTimeout(() => {
    console.error(`Canopy did not stop within ${GRACE_SECONDS} s; stopping now.`);
    process.exit(1);
  }, GRACE_SECONDS * 1000);
  deadline.unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(1));
  void app.close().then(() => process.exit(0));
}

program
  .command('token')
  .description('Print a short-lived bearer token for a user, for scripts and tests')
  .requiredOption('--user <name>', 'the username')
  .option('--ttl <seconds>', 'lifetime in seconds', '900')
  .action(async (options: { user: string; ttl: string }) => {
    const ttl = Number(options.ttl);
    if (!Number.isInteger(ttl) || ttl < 1 || ttl > 86_400) {
      throw new Error('--ttl must be a whole number of seconds from 1 to 86400');
    }
    await withDatabase(async (db) => {
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', options.user)
        .executeTakeFirst();
      if (!user) throw new Error(`There is no user named "${options.user}"`);
      if (user.disabled) throw new Error(`The user "${options.user}" is disabled`);
      const publicUrl = await issuerPublicUrl(db);
      const tokens = createTokenIssuer(`${publicUrl}/oidc`, await loadSigningKeys(db));
      console.log(await tokens.sign({ sub: user.user_id, preferred_username: user.username }, ttl));
    });
  });

const user = program.command('user').description('Manage users and their roles');

/** Roles given as several arguments or comma-separated. */
function roleList(values: string[]): string[] {
  return values
    .flatMap((value) => value.split(','))
    .map((role) => role.trim())
    .filter(Boolean);
}

user
  .command('add <username>')
  .description('Add a user; prints a generated password unless --password is given')
  .option('--password <password>', 'the password (at least 10 characters)')
  .option('--role <role...>', 'role ids (administrator, editor, author, ...)', [])
  .option('--given-name <name>', 'given name')
  .option('--family-name <name>', 'family name')
  .option('--email <email>', 'email address')
  .action(
    async (
      username: string,
      options: {
        password?: string;
        role: string[];
        givenName?: string;
        familyName?: string;
        email?: string;
      },
    ) => {
      const password = options.password ?? generatePassword();
      await withDatabase(async (db) => {
        const created = await addUser(db, SYSTEM_ACTOR, {
          username,
          password,
          given_name: options.givenName,
          family_name: options.familyName,
          email: options.email,
          roles: roleList(options.role),
        });
        console.log(
          `Added '${created.username}' (${created.user_id}) with roles: ${created.roles.join(', ') || 'none'}`,
        );
        if (!options.password) console.log(`Password (shown this once): ${password}`);
      });
    },
  );

user
  .command('list')
  .description('List users')
  .action(async () => {
    await withDatabase(async (db) => {
      for (const row of (await listUsers(db, SYSTEM_ACTOR)).rows) {
        const state = row.disabled ? 'disabled' : 'active';
        console.log(`${row.username}\t${state}\t${row.roles.join(',') || '-'}\t${row.user_id}`);
      }
    });
  });

for (const [name, disabled] of [
  ['disable', 1],
  ['enable', 0],
] as const) {
  user
    .command(`${name} <username>`)
    .description(
      disabled ? 'Disable a user: their tokens stop working at once' : 'Enable a user again',
    )
    .action(async (username: string) => {
      await withDatabase(async (db) => {
        await updateUser(db, SYSTEM_ACTOR, await userIdOf(db, username), { disabled });
        console.log(`'${username}' is now ${disabled ? 'disabled' : 'enabled'}`);
      });
    });
}

user
  .command('set-roles <username> <roles...>')
  .description("Replace a user's roles (role ids, space- or comma-separated; 'none' for none)")
  .action(async (username: string, roles: string[]) => {
    const list = roles.length === 1 && roles[0] === 'none' ? [] : roleList(roles);
    await withDatabase(async (db) => {
      const updated = await setUserRoles(db, SYSTEM_ACTOR, await userIdOf(db, username), list);
      console.log(`'${username}' now has roles: ${updated.roles.join(', ') || 'none'}`);
    });
  });

user
  .command('set-password <username>')
  .description('Set a password; prints a generated one unless --password is given')
  .option('--password <password>', 'the new password (at least 10 characters)')
  .action(async (username: string, options: { password?: string }) => {
    const password = options.password ?? generatePassword();
    await withDatabase(async (db) => {
      await updateUser(db, SYSTEM_ACTOR, await userIdOf(db, username), { password });
      console.log(
        options.password
          ? `Password of '${username}' changed`
          : `New password of '${username}' (shown this once): ${password}`,
      );
    });
  });

const apikey = program
  .command('apikey')
  .description(`Manage API keys for server-side callers (sent in the ${API_KEY_HEADER} header)`);

apikey
  .command('create <name>')
  .description('Create a key: --published (reads published content only) or --role ROLE')
  .option('--published', 'read published content only (delivery routes)')
  .option('--role <role>', 'act with this role\u2019s permissions')
  .action(async (name: string, options: { published?: boolean; role?: string }) => {
    if (Boolean(options.published) === Boolean(options.role)) {
      throw new Error('Give exactly one of --published or --role <role>');
    }
    await withDatabase(async (db) => {
      const created = await createApiKey(db, SYSTEM_ACTOR, {
        name,
        scope: options.published ? 'published' : 'role',
        roleId: options.role,
      });
      console.log(
        `Created API key '${created.name}' (${created.key_id}), scope: ${created.role_id ? `role ${created.role_id}` : 'published content'}`,
      );
      console.log(`Send it as "${API_KEY_HEADER}: <key>". The key (shown this once):`);
      console.log(created.key);
    });
  });

apikey
  .command('list')
  .description('List API keys (names and first characters only)')
  .action(async () => {
    await withDatabase(async (db) => {
      for (const key of await listApiKeys(db, SYSTEM_ACTOR)) {
        const scope = key.scope === 'role' ? `role:${key.role_id}` : 'published';
        const state = key.revoked_date ? `revoked ${key.revoked_date}` : 'active';
        console.log(`${key.name}\t${key.key_prefix}...\t${scope}\t${state}\t${key.key_id}`);
      }
    });
  });

apikey
  .command('revoke <id-or-name>')
  .description('Revoke a key: it stops working at once')
  .action(async (idOrName: string) => {
    await withDatabase(async (db) => {
      await revokeApiKey(db, SYSTEM_ACTOR, idOrName);
      console.log(`Revoked API key '${idOrName}'`);
    });
  });

program
  .command('build')
  .description(
    "Render a site's delivery or preview target into a folder of static files, from this server's database or another server's API",
  )
  .requiredOption('--site <id>', 'the site id')
  .option('--mode <mode>', 'delivery (published pages) or preview (latest publishable)', 'delivery')
  .requiredOption('--out <dir>', 'the folder to write')
  .option('--api <url>', "read the site from this Canopy server's API instead of the database")
  .option('--api-key <key>', 'the API key for --api (or CANOPY_API_KEY)')
  .action(
    async (options: { site: string; mode: string; out: string; api?: string; apiKey?: string }) => {
      if (options.mode !== 'delivery' && options.mode !== 'preview')
        throw new Error('--mode must be delivery or preview');
      const mode = options.mode;
      const apiKey = options.apiKey ?? process.env.CANOPY_API_KEY;
      if (options.apiKey !== undefined && !options.api)
        throw new Error('--api-key goes with --api URL');
      if (options.api && !apiKey)
        throw new Error(
          '--api needs --api-key KEY (make one on that server: npx canopy apikey create NAME --published)',
        );
      const { databaseSource, exportSite } = await import('./publishing/export');
      const config = loadConfig();
      const out = resolve(options.out);
      const settings = {
        out,
        cacheDir: join(config.dataDir, '.cache'),
        publishing: config.publishing,
      };
      const result = options.api
        ? await exportSite(
            (await import('./publishing/remote-source')).apiSource({
              api: options.api,
              apiKey: apiKey!,
              siteId: options.site,
              mode,
            }),
            settings,
          )
        : await withDatabase(async (db) => {
            const site = await db
              .selectFrom('sites')
              .select('site_id')
              .where('site_id', '=', options.site)
              .executeTakeFirst();
            if (!site) throw new Error(`There is no site ${options.site}`);
            return exportSite(databaseSource(db, options.site, mode), settings);
          });
      console.log(`Built ${result.pages} pages into ${out} in ${result.ms} ms`);
    },
  );

/** Opens the configured database and storage for a transfer, without seeding either. */
async function withInstallation<T>(
  run: (installation: Pick<TransferOptions, 'db' | 'dialect' | 'storage'>) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const { createStorage } = await import('./storage/index');
  const database = await openDatabase({
    url: config.databaseUrl,
    sqliteFile: `${config.dataDir}/canopy.sqlite`,
  });
  const storage = createStorage(config);
  try {
    return await run({ db: database.db, dialect: database.dialect, storage });
  } finally {
    await storage.close();
    await database.close();
  }
}

function transferred(
  verb: string,
  file: string,
  started: number,
  summary: TransferSummary,
): string {
  const media = `${summary.files} media files (${(summary.bytes / 1e6).toFixed(1)} MB)`;
  return `${verb} ${summary.tables} tables (${summary.rows} rows) and ${media} ${verb === 'Exported' ? 'to' : 'from'} ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s`;
}

program
  .command('export <file>')
  .description(
    'Write the whole installation (every table, every row, and the media files) to one gzip file, for a backup or a move to another database',
  )
  .option('--no-media', 'leave the media files out')
  .action(async (file: string, options: { media: boolean }) => {
    const started = Date.now();
    const { exportInstallation } = await import('./transfer/export');
    const summary = await withInstallation((target) =>
      exportInstallation({ ...target, file: resolve(file), media: options.media }),
    );
    console.log(transferred('Exported', file, started, summary));
  });

program
  .command('import <file>')
  .description(
    'Load an export into this installation (DATABASE_URL, CANOPY_DATA_DIR, CANOPY_STORAGE): all or nothing, into an empty database unless --force',
  )
  .option('--force', 'replace everything the database holds')
  .option('--no-media', 'leave the media files out')
  .action(async (file: string, options: { media: boolean; force?: boolean }) => {
    const started = Date.now();
    const { importInstallation } = await import('./transfer/import');
    const summary = await withInstallation((target) =>
      importInstallation({
        ...target,
        file: resolve(file),
        media: options.media,
        force: Boolean(options.force),
      }),
    );
    console.log(transferred('Imported', file, started, summary));
  });

program.parseAsync().catch((error: unknown) => {
  console.error(`canopy: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
