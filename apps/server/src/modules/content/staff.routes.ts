import {
  createCatalogArticle,
  getCatalogArticle,
  listCatalogArticles,
  updateCatalogArticle,
} from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import { afterCatalogChange, afterCatalogChangeIf } from '../../plugins/catalog-cache';
import * as articles from './articles.service';

const SAVED = 'تغییرات ذخیره شد';

/** The staff console's article calls (issue 8). */
export async function staffArticlesRoutes(app: FastifyInstance): Promise<void> {
  await withUser(app, async (scope) => {
    registerCall(scope, listCatalogArticles, (input) => articles.listArticles(app.db, input));
    registerCall(scope, getCatalogArticle, ({ id }) => articles.findArticleById(app.db, id));
    registerCall(
      scope,
      createCatalogArticle,
      async (input, { actor }) =>
        afterCatalogChange(app, await articles.createArticle(app.db, actor, input)),
      { successMessage: 'مقاله ذخیره شد' },
    );
    registerCall(
      scope,
      updateCatalogArticle,
      async (input, { actor }) =>
        afterCatalogChangeIf(app, await articles.updateArticle(app.db, actor, input)),
      { successMessage: SAVED },
    );
  });
}
