import { QueryBuilder } from 'drizzle-orm/pg-core';
import { viewColumns } from '../../db/view-columns';
import { productGroups, productPrices, products, productThemes, themes } from './schema';

// What other modules may read of the catalog (decision 0036): views, not tables. Each is a subquery
// over the owner's table with the columns the owner shows; PostgreSQL folds it into the reader's
// statement (one statement, the plan of a join on the table), and the owner may change its tables
// behind it. Each shows only the columns other modules read (db/view-columns.ts): a column a
// reader needs is added here, on purpose.

const qb = new QueryBuilder();

/** Products, as carts, orders and services price and name them. */
export const productsView = qb
  .select(
    viewColumns(products, [
      'groupId',
      'iconUrl',
      'id',
      'name',
      'needsDomain',
      'needsTheme',
      'setupFeeRial',
      'slug',
      'sortOrder',
      'status',
      'summary',
      'taxServiceId',
      'vatExempt',
    ]),
  )
  .from(products)
  .as('products_view');

/** The prices of each product by billing cycle. */
export const productPricesView = qb
  .select(viewColumns(productPrices, ['cycle', 'priceRial', 'productId', 'salePriceRial']))
  .from(productPrices)
  .as('product_prices_view');

/** Product groups (the storefront's plan families). */
export const productGroupsView = qb
  .select(viewColumns(productGroups, ['id', 'name']))
  .from(productGroups)
  .as('product_groups_view');

/** Site themes. */
export const themesView = qb
  .select(viewColumns(themes, ['id', 'name', 'previewUrls', 'priceRial', 'slug', 'status']))
  .from(themes)
  .as('themes_view');

/** Which themes each product offers. */
export const productThemesView = qb
  .select(viewColumns(productThemes, ['productId', 'themeId']))
  .from(productThemes)
  .as('product_themes_view');
