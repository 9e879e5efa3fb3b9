// The public surface of this module (docs/architecture.md): what the app and other modules use.

export type { Actor } from './catalog-write';
export { checkSlugFree, fieldError, requireCategory, withSlugConflict } from './catalog-write';
export {
  formatMegabytes,
  hasLimit,
  isPlanLimitKey,
  limitCell,
  normalizePlanLimits,
  planLimitsOf,
} from './plan-limits';
export { setYearlyPrice } from './products.service';
export { staffCatalogRoutes } from './staff.routes';
export { storeRoutes } from './store.routes';
export {
  countActiveThemes,
  featuredProducts,
  groupSummaries,
  popularThemes,
  sitemapProducts,
} from './store.service';
export {
  productGroupsView,
  productPricesView,
  productsView,
  productThemesView,
  themesView,
} from './views';
