// The public surface of this module (docs/architecture.md): what other modules may use.

export type { Actor } from './catalog-write';
export { checkSlugFree, fieldError, requireCategory, withSlugConflict } from './catalog-write';
export { productGroups, productPrices, products, productThemes, themes } from './schema';
export {
  countActiveThemes,
  featuredProducts,
  groupSummaries,
  popularThemes,
  sitemapProducts,
} from './store.service';
