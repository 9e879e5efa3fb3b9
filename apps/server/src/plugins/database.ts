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

/** Opens the database, applies the committed migrations and, when given a seed, seeds it. */
export default fp<DatabasePluginOptions>(
  async (app, options) => {
    const handle = await openDatabase({
      url: app.config.databaseUrl,
      dataDir: app.config.dataDir,
      template: app.config.embeddedDatabaseTemplate,
      pool: app.config.databasePool,
    });
    app.addHook('onClose', () => handle.close());
    await handle.migrate();
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
