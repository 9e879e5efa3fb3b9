import type { FastifyInstance } from 'fastify';
import { sitemapProducts } from '../catalog';
import { sitemapArticles } from '../content';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function urlEntry(loc: string, lastmod?: Date): string {
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
  return `  <url><loc>${escapeXml(loc)}</loc>${modified}</url>`;
}

/** robots.txt and sitemap.xml: the public pages search engines may index. */
export async function seoRoutes(app: FastifyInstance) {
  const origin = app.config.publicUrl;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /account',
          'Disallow: /cart',
          'Disallow: /sign-in',
          'Disallow: /sign-up',
          'Disallow: /forgot-password',
          '',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const xml = await app.catalogCache.answers.get(
      'sitemap.xml',
      async () => {
        const [products, articles] = await Promise.all([
          sitemapProducts(app.db),
          sitemapArticles(app.db),
        ]);
        const entries = [
          urlEntry(`${origin}/`),
          urlEntry(`${origin}/store`),
          urlEntry(`${origin}/domains`),
          urlEntry(`${origin}/articles`),
          urlEntry(`${origin}/download`),
          ...products.flatMap((product) => [
            urlEntry(`${origin}/store/${product.slug}`, product.updatedAt),
            ...(product.needsTheme
              ? [urlEntry(`${origin}/store/${product.slug}/themes`, product.updatedAt)]
              : []),
          ]),
          ...articles.map((article) =>
            urlEntry(`${origin}/articles/${article.slug}`, article.updatedAt),
          ),
        ];
        return [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
          ...entries,
          '</urlset>',
          '',
        ].join('\n');
      },
      (text) => text.length * 2,
    );
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(xml);
  });
}
