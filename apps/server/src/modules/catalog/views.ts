import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { productGroups, productPrices, products, productThemes, themes } from './schema';

// What other modules may read of the catalog (decision 0036): views, not tables. Each is a subquery
// over the owner's table with the columns the owner shows; PostgreSQL folds it into the reader's
// statement (one statement, the plan of a join on the table), and the owner may change its tables
// behind it. Today they show whole rows but secrets; narrow them as readers settle.

const qb = new QueryBuilder();

/** Products, as carts, orders and services price and name them. */
export const productsView = qb.select(getTableColumns(products)).from(products).as('products_view');

/** The prices of each product by billing cycle. */
export const productPricesView = qb
  .select(getTableColumns(productPrices))
  .from(productPrices)
  .as('product_prices_view');

/** Product groups (the storefront's plan families). */
export const productGroupsView = qb
  .select(getTableColumns(productGroups))
  .from(productGroups)
  .as('product_groups_view');

/** Site themes. */
export const themesView = qb.select(getTableColumns(themes)).from(themes).as('themes_view');

/** Which themes each product offers. */
export const productThemesView = qb
  .select(getTableColumns(productThemes))
  .from(productThemes)
  .as('product_themes_view');
