/** The `canopy` command line: start the server, print tokens, manage users. */
import { Command } from 'commander';
import { build } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/index';
import { loadSigningKeys } from './auth/keys';
import { createTokenIssuer } from './auth/tokens';
import { seedIfEmpty } from './seed/index';

const program = new Command('canopy').description('Canopy CMS');

program
  .command('start')
  .description('Start Canopy (PORT, CANOPY_DATA_DIR and DATABASE_URL configure it)')
  .action(async () => {
    const config = loadConfig();
    const app = await build({ config });
    const seeded = await seedIfEmpty(app.canopy.db);
    await app.listen({ port: config.port, host: config.host });
    const where = config.databaseUrl ? 'PostgreSQL' : `SQLite at ${config.dataDir}/canopy.sqlite`;
    console.log(`\nCanopy is running at ${config.publicUrl}  (database: ${where})`);
    if (seeded) console.log(`The demo site "${seeded.siteName}" was created.`);
    console.log(
      `Administrator sign-in: user "admin". For an API token run: npx canopy token --user admin`,
    );
    console.log(`API documentation: ${config.publicUrl}/api/docs\n`);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => void app.close().then(() => process.exit(0)));
    }
  });

program
  .command('token')
  .description('Print a short-lived bearer token for a user, for scripts and tests')
  .requiredOption('--user <name>', 'the username')
  .option('--ttl <seconds>', 'lifetime in seconds', '900')
  .action(async (options: { user: string; ttl: string }) => {
    const config = loadConfig();
    const database = await openDatabase({
      url: config.databaseUrl,
      sqliteFile: `${config.dataDir}/canopy.sqlite`,
    });
    try {
      await seedIfEmpty(database.db);
      const user = await database.db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', options.user)
        .executeTakeFirst();
      if (!user) throw new Error(`There is no user named "${options.user}"`);
      if (user.disabled) throw new Error(`The user "${options.user}" is disabled`);
      const tokens = createTokenIssuer(
        `${config.publicUrl}/oidc`,
        await loadSigningKeys(database.db),
      );
      console.log(
        await tokens.sign(
          { sub: user.user_id, preferred_username: user.username },
          Number(options.ttl),
        ),
      );
    } finally {
      await database.close();
    }
  });

program.parseAsync().catch((error: unknown) => {
  console.error(`canopy: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
