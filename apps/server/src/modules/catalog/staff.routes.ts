import multipart from '@fastify/multipart';
import {
  CATALOG_IMAGE_UPLOAD_PATH,
  createCatalogArticle,
  createCatalogGroup,
  createCatalogProduct,
  createCatalogTheme,
  errorEnvelope,
  getCatalogArticle,
  getCatalogProduct,
  getCatalogTheme,
  listCatalogArticles,
  listCatalogGroups,
  listCatalogProducts,
  listCatalogThemes,
  okEnvelope,
  setCatalogProductPrices,
  setCatalogProductPublished,
  setCatalogThemePublished,
  updateCatalogArticle,
  updateCatalogGroup,
  updateCatalogProduct,
  updateCatalogTheme,
  uploadedCatalogImage,
} from '@vitrin/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { registerCall } from '../../lib/register-call';
import { type AuthUser, requirePermission, withUser } from '../../plugins/auth';
import * as articles from '../content/articles.service';
import { readUploadedFile } from '../tickets';
import {
  CATALOG_IMAGE_MESSAGES,
  CATALOG_MEDIA_ROUTE,
  CATALOG_UPLOAD_LIMITS,
  readCatalogImage,
  storeCatalogImage,
} from './catalog-images';
import type { Actor } from './catalog-write';
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

/** The staff console's catalog calls (issue 8). */
export async function adminCatalogRoutes(app: FastifyInstance): Promise<void> {
  const actor = (user: AuthUser, request: FastifyRequest): Actor => ({
    id: user.id,
    ipAddress: request.ip,
  });
  // After the transaction has committed: the store and the articles show the change at once,
  // on this node and (through Redis) on every other (decision 0010).
  const refreshed = async <T>(result: T): Promise<T> => {
    await app.catalogCache.invalidate();
    return result;
  };
  const refreshedIfChanged = async <T>(result: { view: T; changed: boolean }): Promise<T> => {
    if (result.changed) await app.catalogCache.invalidate();
    return result.view;
  };

  await withUser(app, async (scope) => {
    // Products
    registerCall(scope, listCatalogProducts, (input) => products.listProducts(app.db, input));
    registerCall(scope, getCatalogProduct, ({ id }) => products.findProductById(app.db, id));
    registerCall(
      scope,
      createCatalogProduct,
      async (input, { user, request }) =>
        refreshed(await products.createProduct(app.db, actor(user, request), input)),
      { successMessage: 'محصول ساخته شد' },
    );
    registerCall(
      scope,
      updateCatalogProduct,
      async (input, { user, request }) =>
        refreshedIfChanged(await products.updateProduct(app.db, actor(user, request), input)),
      { successMessage: SAVED },
    );
    registerCall(
      scope,
      setCatalogProductPrices,
      async (input, { user, request }) =>
        refreshed(await products.setProductPrices(app.db, actor(user, request), input)),
      { successMessage: 'قیمت‌ها ذخیره شد' },
    );
    registerCall(
      scope,
      setCatalogProductPublished,
      async (input, { user, request }) =>
        refreshedIfChanged(await products.setProductPublished(app.db, actor(user, request), input)),
      { successMessage: SAVED },
    );

    // Groups
    registerCall(scope, listCatalogGroups, (input) => groups.listGroups(app.db, input));
    registerCall(
      scope,
      createCatalogGroup,
      async (input, { user, request }) =>
        refreshed(await groups.createGroup(app.db, actor(user, request), input)),
      { successMessage: 'گروه ساخته شد' },
    );
    registerCall(
      scope,
      updateCatalogGroup,
      async (input, { user, request }) =>
        refreshedIfChanged(await groups.updateGroup(app.db, actor(user, request), input)),
      { successMessage: SAVED },
    );

    // Articles
    registerCall(scope, listCatalogArticles, (input) => articles.listArticles(app.db, input));
    registerCall(scope, getCatalogArticle, ({ id }) => articles.findArticleById(app.db, id));
    registerCall(
      scope,
      createCatalogArticle,
      async (input, { user, request }) =>
        refreshed(await articles.createArticle(app.db, actor(user, request), input)),
      { successMessage: 'مقاله ذخیره شد' },
    );
    registerCall(
      scope,
      updateCatalogArticle,
      async (input, { user, request }) =>
        refreshedIfChanged(await articles.updateArticle(app.db, actor(user, request), input)),
      { successMessage: SAVED },
    );

    // Themes
    registerCall(scope, listCatalogThemes, (input) => themes.listThemes(app.db, input));
    registerCall(scope, getCatalogTheme, ({ id }) => themes.getTheme(app.db, id));
    registerCall(
      scope,
      createCatalogTheme,
      async (input, { user, request }) =>
        refreshed(await themes.createTheme(app.db, actor(user, request), input)),
      { successMessage: 'قالب ساخته شد' },
    );
    registerCall(
      scope,
      updateCatalogTheme,
      async (input, { user, request }) =>
        refreshedIfChanged(await themes.updateTheme(app.db, actor(user, request), input)),
      { successMessage: SAVED },
    );
    registerCall(
      scope,
      setCatalogThemePublished,
      async (input, { user, request }) =>
        refreshedIfChanged(await themes.setThemePublished(app.db, actor(user, request), input)),
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
          const image = await storeCatalogImage(app, actor(user, request), file.bytes);
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
