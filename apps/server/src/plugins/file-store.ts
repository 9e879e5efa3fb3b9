import fp from 'fastify-plugin';
import { createFileStore, type FileStore } from '../lib/file-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded bytes (ticket attachments): `DATA_DIR/uploads`, or memory in tests. */
    files: FileStore;
  }
}

/** The file store the settings call for (lib/file-store.ts; an object store is not built). */
export default fp(
  async (app) => {
    app.decorate('files', createFileStore(app.config.dataDir));
  },
  { name: 'file-store', dependencies: ['config'] },
);
