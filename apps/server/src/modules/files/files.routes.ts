import multipart from '@fastify/multipart';
import {
  errorEnvelope,
  okEnvelope,
  TICKET_UPLOAD_PATH,
  uploadedTicketAttachment,
} from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { withUser } from '../../plugins/auth';
import { readUploadedFile, UPLOAD_LIMITS } from './uploaded-file.http';
import { deleteStaleUploads, storeUpload } from './uploads.service';

/** Registered with fastify-plugin so that `app.filesJob` is visible to the whole app. */
export const filesRoutes = fp(registerFiles, {
  name: 'files',
  dependencies: ['auth', 'file-store'],
});

async function registerFiles(app: FastifyInstance) {
  await withUser(app, async (scope) => {
    // Multipart is parsed in this scope only: every other call still takes JSON alone.
    await scope.register(async (uploads) => {
      await uploads.register(multipart, { limits: UPLOAD_LIMITS });
      uploads.withTypeProvider<ZodTypeProvider>().route({
        method: 'POST',
        url: TICKET_UPLOAD_PATH,
        config: { rateLimit: { max: 30, timeWindow: 60_000 } },
        schema: {
          summary: 'بارگذاری یک پیوست تیکت (multipart/form-data، فیلد file)',
          description:
            'Body: multipart/form-data with one file part named `file` and nothing else. JPEG, PNG, WebP, GIF or PDF as found from the bytes (415 otherwise), at most 5 MB (413). Answers the stored attachment; send its id in `attachmentIds` within 24 hours.',
          tags: ['tickets'],
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          response: {
            200: okEnvelope(uploadedTicketAttachment),
            '4xx': errorEnvelope,
            '5xx': errorEnvelope,
          },
        },
        handler: async (request) => {
          // withUser's hook has set it for every route in the scope.
          const user = request.user;
          if (!user) throw new AppError('UNAUTHENTICATED');
          const file = await readUploadedFile(request);
          return { ok: true as const, data: await storeUpload(app, user.id, file) };
        },
      });
    });
  });

  // Uploads never kept within a day go, rows and bytes (decision 0013). Safe to run again and
  // on any node; the cluster lock only saves doing the work twice.
  const filesJob = app.jobs.periodic('files.upkeep', app.config.jobsIntervalMs, async (now) => {
    const deletedUploads = await deleteStaleUploads(app, now);
    if (deletedUploads > 0) app.log.info({ job: 'files', deletedUploads }, 'files job');
  });
  app.decorate('filesJob', filesJob);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The uploads' cleanup, run once by hand (tests, the browser test, an operator). */
    filesJob: { runOnce(now?: Date): Promise<boolean> };
  }
}
