import { getAppHomeData, getInformation, getInformations } from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { nullIfNotFound } from '../../lib/app-error';
import { registerCall } from '../../lib/register-call';
import * as content from './content.service';

export async function contentRoutes(app: FastifyInstance) {
  const cache = app.catalogCache.answers;
  registerCall(app, getAppHomeData, () => content.homeData(app.db), { cache });
  registerCall(app, getInformations, (input) => content.listArticles(app.db, input), { cache });
  registerCall(app, getInformation, (input) => content.getArticle(app.db, input), { cache });

  app.pageMeta.add(/^\/$/, async () => ({
    title: 'ویترین | سایت‌ساز و میزبانی وب',
    description:
      'ویترین: سایت‌ساز، هاست اشتراکی، هاست وردپرس، سرور مجازی و ثبت دامنه با پشتیبانی فارسی',
  }));
  app.pageMeta.add(/^\/articles$/, async () => ({
    title: 'مقاله‌ها | ویترین',
    description: 'آموزش سایت‌ساز، میزبانی وب، وردپرس، سئو و امنیت به زبان ساده.',
  }));
  app.pageMeta.add(/^\/articles\/([a-z0-9]+(?:-[a-z0-9]+)*)$/, async ([slug]) => {
    const article = await nullIfNotFound(
      app.catalogCache.answers.get(`page /articles/${slug}`, () =>
        content.getArticle(app.db, { slug: slug ?? '' }),
      ),
    );
    if (!article) return null;
    return {
      title: `${article.title} | ویترین`,
      description: article.summary,
      image: article.coverUrl,
      type: 'article',
    };
  });
}
