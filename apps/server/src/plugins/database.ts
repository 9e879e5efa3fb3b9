import fp from 'fastify-plugin';
import { type Database, type DatabaseHandle, openDatabase } from '../db/client';
import { seedDemoData } from '../demo/seed';

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
      const applied = await seedDemoData(handle.db);
      if (applied.length > 0) app.log.info({ parts: applied }, 'demo seed applied');
    }
    app.decorate('database', handle);
    app.decorate('db', handle.db);
  },
  { name: 'database', dependencies: ['config'] },
);
