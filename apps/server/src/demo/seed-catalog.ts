import { searchableText } from '@vitrin/fa';
import type { Transaction } from '../db/client';
import {
  articlePlainText,
  readingMinutes,
  sanitizeArticleHtml,
} from '../modules/content/article-html';
import {
  articleCategories,
  articles,
  contentBlocks,
  groupFeatures,
  productFeatureValues,
  productGroups,
  productPrices,
  products,
  productThemes,
  themeCategories,
  themes,
} from '../schema';
import { articleCoverUrl, demoArticleCategories, demoArticles } from './demo-catalog/articles';
import { demoCells } from './demo-catalog/cells';
import { demoGroups, featureRowLabel, groupIconUrl } from './demo-catalog/groups';
import { demoHomeHero, HOME_HERO_KEY } from './demo-catalog/home';
import { demoProducts } from './demo-catalog/products';
import { demoThemeCategories, demoThemes, themePreviewUrls } from './demo-catalog/themes';

interface SeededGroup {
  id: string;
  name: string;
  needsDomain: boolean;
  needsTheme: boolean;
  featureIds: string[];
}

/** The demo catalog: groups, products, themes, articles and the home page's hero. */
export async function seedCatalog(tx: Transaction): Promise<void> {
  const groups = await seedGroups(tx);
  const builderProductIds = await seedProducts(tx, groups);
  await seedThemes(tx, builderProductIds);
  await seedArticles(tx);
  await tx.insert(contentBlocks).values({ key: HOME_HERO_KEY, value: demoHomeHero });
}

async function seedGroups(tx: Transaction): Promise<Map<string, SeededGroup>> {
  const rows = await tx
    .insert(productGroups)
    .values(
      demoGroups.map((group) => ({
        slug: group.slug,
        name: group.name,
        summary: group.summary,
        iconUrl: groupIconUrl(group.slug),
        sortOrder: group.sortOrder,
      })),
    )
    .returning({ id: productGroups.id, slug: productGroups.slug });

  const seeded = new Map<string, SeededGroup>();
  for (const group of demoGroups) {
    const id = idOf(rows, group.slug, 'group');
    const features = await tx
      .insert(groupFeatures)
      .values(
        group.features.map((row, index) => ({
          groupId: id,
          label: featureRowLabel(row),
          limitKey: typeof row === 'string' ? null : row.limit,
          sortOrder: index + 1,
        })),
      )
      .returning({ id: groupFeatures.id, sortOrder: groupFeatures.sortOrder });
    seeded.set(group.slug, {
      id,
      name: group.name,
      needsDomain: group.needsDomain,
      needsTheme: group.needsTheme,
      featureIds: features.sort((a, b) => a.sortOrder - b.sortOrder).map((feature) => feature.id),
    });
  }
  return seeded;
}

/** Inserts the products with their prices and feature values; answers the theme-taking ones. */
async function seedProducts(
  tx: Transaction,
  groups: Map<string, SeededGroup>,
): Promise<{ cheapestId: string; otherIds: string[] }> {
  const groupOf = (slug: string) => {
    const group = groups.get(slug);
    if (!group) throw new Error(`demo product in unknown group ${slug}`);
    return group;
  };

  const rows = await tx
    .insert(products)
    .values(
      demoProducts.map((product) => {
        const group = groupOf(product.groupSlug);
        return {
          groupId: group.id,
          slug: product.slug,
          name: product.name,
          summary: product.summary,
          description: product.description,
          iconUrl: groupIconUrl(product.groupSlug),
          setupFeeRial: product.setupFeeRial,
          needsDomain: group.needsDomain,
          needsTheme: group.needsTheme,
          isFeatured: product.isFeatured,
          badge: product.badge,
          popularity: product.popularity,
          status: product.status,
          sortOrder: product.sortOrder,
          searchText: searchableText(
            product.name,
            product.summary,
            group.name,
            product.description,
            ...cellsOf(product).flatMap((cell) => (cell.value === null ? [] : [cell.value])),
          ),
          limits: product.limits,
          createdAt: new Date(product.createdAt),
          updatedAt: new Date(product.createdAt),
        };
      }),
    )
    .returning({ id: products.id, slug: products.slug });

  await tx.insert(productPrices).values(
    demoProducts.flatMap((product) =>
      product.prices.map((price) => ({
        productId: idOf(rows, product.slug, 'product'),
        ...price,
      })),
    ),
  );

  // Limit rows have no typed value: the store draws them from the product's limits.
  await tx.insert(productFeatureValues).values(
    demoProducts.flatMap((product) => {
      const { featureIds } = groupOf(product.groupSlug);
      return cellsOf(product).flatMap((cell, index) =>
        cell.limit === null
          ? [
              {
                productId: idOf(rows, product.slug, 'product'),
                featureId: featureIds[index] as string,
                value: cell.value,
                included: cell.included,
              },
            ]
          : [],
      );
    }),
  );

  // The cheapest plan offers only the free themes; every plan above it offers them all.
  const builders = demoProducts
    .filter((product) => groupOf(product.groupSlug).needsTheme && product.status === 'active')
    .map((product) => ({ id: idOf(rows, product.slug, 'product'), price: monthlyPrice(product) }))
    .sort((a, b) => a.price - b.price);
  const [cheapest, ...others] = builders;
  if (!cheapest) throw new Error('the demo catalog has no website-builder product');
  return { cheapestId: cheapest.id, otherIds: others.map((product) => product.id) };
}

function cellsOf(product: (typeof demoProducts)[number]) {
  const group = demoGroups.find((candidate) => candidate.slug === product.groupSlug);
  if (!group) throw new Error(`demo product in unknown group ${product.groupSlug}`);
  return demoCells(product, group);
}

function monthlyPrice(product: (typeof demoProducts)[number]): number {
  const monthly = product.prices.find((price) => price.cycle === 'monthly');
  if (!monthly) throw new Error(`demo product ${product.slug} has no monthly price`);
  return monthly.priceRial;
}

async function seedThemes(
  tx: Transaction,
  builders: { cheapestId: string; otherIds: string[] },
): Promise<void> {
  await tx.insert(themeCategories).values([...demoThemeCategories]);
  const categoryNames = new Map(
    demoThemeCategories.map((category) => [category.slug, category.name]),
  );

  const rows = await tx
    .insert(themes)
    .values(
      demoThemes.map((theme) => ({
        slug: theme.slug,
        name: theme.name,
        categorySlug: theme.categorySlug,
        tags: [...theme.tags],
        previewUrls: themePreviewUrls(theme.slug),
        isFree: theme.priceRial === null,
        priceRial: theme.priceRial,
        popularity: theme.popularity,
        searchText: searchableText(
          theme.name,
          categoryNames.get(theme.categorySlug),
          ...theme.tags,
        ),
      })),
    )
    .returning({ id: themes.id, slug: themes.slug });

  const freeThemeIds = demoThemes
    .filter((theme) => theme.priceRial === null)
    .map((theme) => idOf(rows, theme.slug, 'theme'));
  const allThemeIds = rows.map((row) => row.id);
  await tx
    .insert(productThemes)
    .values([
      ...freeThemeIds.map((themeId) => ({ productId: builders.cheapestId, themeId })),
      ...builders.otherIds.flatMap((productId) =>
        allThemeIds.map((themeId) => ({ productId, themeId })),
      ),
    ]);
}

async function seedArticles(tx: Transaction): Promise<void> {
  await tx.insert(articleCategories).values([...demoArticleCategories]);
  const categoryNames = new Map(
    demoArticleCategories.map((category) => [category.slug, category.name]),
  );

  await tx.insert(articles).values(
    demoArticles.map((article) => {
      const raw = article.bodyHtml.trim();
      const publishedAt = article.publishedAt ? new Date(article.publishedAt) : null;
      return {
        slug: article.slug,
        title: article.title,
        summary: article.summary,
        coverUrl: articleCoverUrl(article.slug),
        bodyHtml: sanitizeArticleHtml(raw),
        categorySlug: article.categorySlug,
        authorName: article.authorName,
        status: article.status,
        publishedAt,
        readingMinutes: readingMinutes(raw),
        searchText: searchableText(
          article.title,
          article.summary,
          categoryNames.get(article.categorySlug),
          articlePlainText(raw),
        ),
        // A draft was started on the seed's day; a published article dates from its publishing.
        ...(publishedAt ? { createdAt: publishedAt, updatedAt: publishedAt } : {}),
      };
    }),
  );
}

function idOf(rows: ReadonlyArray<{ id: string; slug: string }>, slug: string, kind: string) {
  const row = rows.find((candidate) => candidate.slug === slug);
  if (!row) throw new Error(`demo ${kind} ${slug} was not inserted`);
  return row.id;
}
