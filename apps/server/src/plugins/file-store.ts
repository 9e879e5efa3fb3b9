import fp from 'fastify-plugin';
import { createFileStore, type FileStore } from '../lib/file-store';
import { S3FileStore } from '../lib/s3-file-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded bytes (ticket attachments): an S3 bucket, `DATA_DIR/uploads`, or memory in tests. */
    files: FileStore;
  }
}

/** The file store the settings call for: S3 when `FILE_STORE=s3`, else disk or memory. */
export default fp(
  async (app) => {
    const { dataDir, fileStore } = app.config;
    app.decorate(
      'files',
      fileStore.kind === 's3' ? new S3FileStore(fileStore) : createFileStore(dataDir),
    );
  },
  { name: 'file-store', dependencies: ['config'] },
);
