import fp from 'fastify-plugin';
import { type Database, type DatabaseHandle, openDatabase } from '../db/client';
import { SecretBox } from '../lib/secret-box';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

export interface DatabasePluginOptions {
  /**
   * Fills the database with demo data after the migrations when `config.seedDemoData` is on;
   * answers the parts it wrote. The server itself carries no demo data: tests, the e2e and bench
   * servers pass the demo seed (src/demo/seed.ts), and `npm start` runs the seed CLI first.
   */
  seed?: (db: Database, context: { secrets: SecretBox }) => Promise<string[]>;
}

/**
 * Opens the database, applies the committed migrations (or, with MIGRATE_ON_START off, refuses
 * one that is behind) and, when given a seed, seeds it.
 */
export default fp<DatabasePluginOptions>(
  async (app, options) => {
    const handle = await openDatabase({
      url: app.config.databaseUrl,
      dataDir: app.config.dataDir,
      template: app.config.embeddedDatabaseTemplate,
      pool: app.config.databasePool,
    });
    app.addHook('onClose', () => handle.close());
    if (app.config.migrateOnStart) {
      await handle.migrate();
    } else {
      // Production on PostgreSQL: `npm run migrate` is a step of its own, before the nodes start.
      const pending = await handle.pendingMigrations();
      if (pending.length > 0) {
        throw new Error(
          `the database is ${pending.length} migration(s) behind this release (${pending.join(', ')}): run \`npm run migrate\` first, or start with MIGRATE_ON_START=true`,
        );
      }
    }
    if (app.config.seedDemoData && options.seed) {
      const applied = await options.seed(handle.db, {
        secrets: new SecretBox(app.config.secretKeys),
      });
      if (applied.length > 0) app.log.info({ parts: applied }, 'demo seed applied');
    }
    app.decorate('database', handle);
    app.decorate('db', handle.db);
  },
  { name: 'database', dependencies: ['config'] },
);
