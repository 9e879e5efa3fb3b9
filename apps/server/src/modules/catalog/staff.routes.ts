import multipart from '@fastify/multipart';
import {
  CATALOG_IMAGE_UPLOAD_PATH,
  createCatalogGroup,
  createCatalogProduct,
  createCatalogTheme,
  errorEnvelope,
  getCatalogProduct,
  getCatalogTheme,
  listCatalogGroups,
  listCatalogProducts,
  listCatalogThemes,
  okEnvelope,
  setCatalogProductPrices,
  setCatalogProductPublished,
  setCatalogThemePublished,
  updateCatalogGroup,
  updateCatalogProduct,
  updateCatalogTheme,
  uploadedCatalogImage,
} from '@vitrin/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { registerCall } from '../../lib/register-call';
import { requirePermission, withUser } from '../../plugins/auth';
import { afterCatalogChange, afterCatalogChangeIf } from '../../plugins/catalog-cache';
import { readUploadedFile } from '../files';
import {
  CATALOG_IMAGE_MESSAGES,
  CATALOG_MEDIA_ROUTE,
  CATALOG_UPLOAD_LIMITS,
  readCatalogImage,
  storeCatalogImage,
} from './catalog-images';
import * as groups from './groups.service';
import * as products from './products.service';
import * as themes from './themes.service';

/**
 * An uploaded image's answer: its key is random and never reused, so it may be cached for a
 * year; never sniffed as anything but the image type we found in its bytes.
 */
const MEDIA_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
} as const;

const SAVED = 'تغییرات ذخیره شد';

/** The staff console's catalog calls (issue 8): products, groups, themes and their images. */
export async function staffCatalogRoutes(app: FastifyInstance): Promise<void> {
  await withUser(app, async (scope) => {
    // Products
    registerCall(scope, listCatalogProducts, (input) => products.listProducts(app.db, input));
    registerCall(scope, getCatalogProduct, ({ id }) => products.findProductById(app.db, id));
    registerCall(
      scope,
      createCatalogProduct,
      async (input, { actor }) =>
        afterCatalogChange(app, await products.createProduct(app.db, actor, input)),
      { successMessage: 'محصول ساخته شد' },
    );
    registerCall(
      scope,
      updateCatalogProduct,
      async (input, { actor }) =>
        afterCatalogChangeIf(app, await products.updateProduct(app.db, actor, input)),
      { successMessage: SAVED },
    );
    registerCall(
      scope,
      setCatalogProductPrices,
      async (input, { actor }) =>
        afterCatalogChange(app, await products.setProductPrices(app.db, actor, input)),
      { successMessage: 'قیمت‌ها ذخیره شد' },
    );
    registerCall(
      scope,
      setCatalogProductPublished,
      async (input, { actor }) =>
        afterCatalogChangeIf(app, await products.setProductPublished(app.db, actor, input)),
      { successMessage: SAVED },
    );

    // Groups
    registerCall(scope, listCatalogGroups, (input) => groups.listGroups(app.db, input));
    registerCall(
      scope,
      createCatalogGroup,
      async (input, { actor }) =>
        afterCatalogChange(app, await groups.createGroup(app.db, actor, input)),
      { successMessage: 'گروه ساخته شد' },
    );
    registerCall(
      scope,
      updateCatalogGroup,
      async (input, { actor }) =>
        afterCatalogChangeIf(app, await groups.updateGroup(app.db, actor, input)),
      { successMessage: SAVED },
    );

    // Themes
    registerCall(scope, listCatalogThemes, (input) => themes.listThemes(app.db, input));
    registerCall(scope, getCatalogTheme, ({ id }) => themes.getTheme(app.db, id));
    registerCall(
      scope,
      createCatalogTheme,
      async (input, { actor }) =>
        afterCatalogChange(app, await themes.createTheme(app.db, actor, input)),
      { successMessage: 'قالب ساخته شد' },
    );
    registerCall(
      scope,
      updateCatalogTheme,
      async (input, { actor }) =>
        afterCatalogChangeIf(app, await themes.updateTheme(app.db, actor, input)),
      { successMessage: SAVED },
    );
    registerCall(
      scope,
      setCatalogThemePublished,
      async (input, { actor }) =>
        afterCatalogChangeIf(app, await themes.setThemePublished(app.db, actor, input)),
      { successMessage: SAVED },
    );

    // Multipart is parsed in this scope only: every other call still takes JSON alone.
    await scope.register(async (uploads) => {
      await uploads.register(multipart, { limits: CATALOG_UPLOAD_LIMITS });
      uploads.withTypeProvider<ZodTypeProvider>().route({
        method: 'POST',
        url: CATALOG_IMAGE_UPLOAD_PATH,
        config: { rateLimit: { max: 60, timeWindow: 60_000 } },
        schema: {
          summary: 'بارگذاری یک تصویر فروشگاه (multipart/form-data، فیلد file)؛ فقط مدیران',
          description:
            'Body: multipart/form-data with one file part named `file`. JPEG, PNG or WebP as found from the bytes (415 otherwise), at most 2 MB (413). Answers the public URL under `/media/uploads/`.',
          tags: ['admin'],
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          response: {
            200: okEnvelope(uploadedCatalogImage),
            '4xx': errorEnvelope,
            '5xx': errorEnvelope,
          },
        },
        // The role is checked before a byte of the body is read.
        preHandler: async (request) => requirePermission(app, request.user, 'catalog.manage'),
        handler: async (request) => {
          const user = request.user;
          if (!user) throw new AppError('UNAUTHENTICATED');
          const file = await readUploadedFile(request).catch((error: unknown) => {
            if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') {
              throw new AppError('PAYLOAD_TOO_LARGE', CATALOG_IMAGE_MESSAGES.tooLarge);
            }
            throw error;
          });
          const image = await storeCatalogImage(
            app,
            { id: user.id, ipAddress: request.ip },
            file.bytes,
          );
          return { ok: true as const, data: image, message: 'تصویر بارگذاری شد' };
        },
      });
    });
  });

  // Served to anyone, as the store's pages show them. The rate limit leaves /media/ alone like
  // the web app's own files (plugins/rate-limit.ts); reading costs no database work.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: CATALOG_MEDIA_ROUTE,
    schema: {
      hide: true,
      params: z.strictObject({ file: z.string().max(100) }),
    },
    handler: async (request, reply) => {
      const image = await readCatalogImage(app.files, request.params.file);
      return (reply as FastifyReply)
        .headers(MEDIA_HEADERS)
        .type(image.contentType)
        .send(image.bytes);
    },
  });
}
