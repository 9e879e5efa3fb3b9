import fp from 'fastify-plugin';
import { type Database, type DatabaseHandle, openDatabase } from '../db/client';
import { seedIfEmpty } from '../db/seed';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

/** Opens the database, applies the committed migrations and, on an empty demo, seeds it. */
export default fp(
  async (app) => {
    const handle = await openDatabase({
      url: app.config.databaseUrl,
      dataDir: app.config.dataDir,
      template: app.config.embeddedDatabaseTemplate,
    });
    app.addHook('onClose', () => handle.close());
    await handle.migrate();
    if (app.config.seedDemoData) {
      const seeded = await seedIfEmpty(handle.db);
      if (seeded) app.log.info('empty database filled with the demo seed');
    }
    app.decorate('database', handle);
    app.decorate('db', handle.db);
  },
  { name: 'database', dependencies: ['config'] },
);
