import { getProduct, getProducts, getProductThemes } from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { nullIfNotFound } from '../../lib/app-error';
import { registerCall } from '../../lib/register-call';
import * as store from './store.service';

const SLUG_IN_PATH = '([a-z0-9]+(?:-[a-z0-9]+)*)';

export async function storeRoutes(app: FastifyInstance) {
  const cache = app.catalogCache.answers;
  const memo: store.Memo = (key, compute, weigh) => cache.get(key, compute, weigh);
  registerCall(app, getProducts, (input) => store.listProducts(app.db, input, memo), { cache });
  registerCall(app, getProduct, (input) => store.getProductDetail(app.db, input), { cache });
  registerCall(app, getProductThemes, (input) => store.listProductThemes(app.db, input), {
    cache,
  });

  app.pageMeta.add(/^\/store$/, async () => ({
    title: 'فروشگاه | ویترین',
    description: 'پلن‌های سایت‌ساز، هاست اشتراکی و وردپرس، سرور مجازی و دامنه با قیمت و مشخصات کامل.',
  }));
  app.pageMeta.add(new RegExp(`^/store/${SLUG_IN_PATH}(/themes)?$`), async ([slug, themesPage]) => {
    const product = await productOrNull(app, slug ?? '');
    if (!product) return null;
    return themesPage
      ? {
          title: `قالب‌های ${product.name} | ویترین`,
          description: `${product.themeCount} قالب آماده برای ${product.name}: پیش‌نمایش و انتخاب قالب سایت.`,
          image: product.iconUrl,
        }
      : {
          title: `${product.name} | ویترین`,
          description: product.summary,
          image: product.iconUrl,
          type: 'product',
        };
  });
}

function productOrNull(app: FastifyInstance, slug: string) {
  return nullIfNotFound(
    app.catalogCache.answers.get(`page /store/${slug}`, () =>
      store.getProductDetail(app.db, { slug }),
    ),
  );
}
