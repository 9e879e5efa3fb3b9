import {
  BILLING_CYCLES,
  type BillingCycle,
  type PathInput,
  type PathResult,
  PLAN_LIMIT_KEYS,
  type PlanLimitKey,
  type PlanLimits,
} from '@vitrin/contracts';
import { formatAmount, rialToToman, toLatinDigits, toPersianDigits } from '@vitrin/fa';
import { tomanToRial } from '../../../../lib/money';

// The catalog forms' pure parts: amounts typed in Toman (Persian or Latin digits, with or without
// separators) sent as Rial, the prices editor's rows, and the rows of a group's or product's
// feature table. Only what cannot be sent at all is checked here (a price that is not a number);
// every other rule (a sale price above the price, a cycle twice) is the server's, shown under
// the row it is about by the same keys the server uses (`prices.1.salePrice`).

const SEPARATORS = /[\s,\u066b\u066c\u060c_]/g;
const MAX_DIGITS = 15;

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const NOT_A_TOMAN = 'مبلغ را به تومان و فقط با رقم بنویسید';
const NOT_A_NUMBER = 'یک عدد صحیح بنویسید';

/** Whole Toman as typed; null when left blank. */
export function parseToman(text: string): Parsed<number | null> {
  const raw = toLatinDigits(text).replace(SEPARATORS, '');
  if (raw === '') return { ok: true, value: null };
  if (!new RegExp(`^\\d{1,${MAX_DIGITS}}$`).test(raw)) return { ok: false, message: NOT_A_TOMAN };
  return { ok: true, value: Number(raw) };
}

/** Whole Toman typed, as the Rial the API takes; null when blank. */
export function parseTomanAsRial(text: string): Parsed<number | null> {
  const parsed = parseToman(text);
  return parsed.ok && parsed.value !== null
    ? { ok: true, value: tomanToRial(parsed.value) }
    : parsed;
}

/** A Rial amount as the text of a Toman input: Persian digits with separators. */
export function tomanInputText(rial: number | null): string {
  return rial === null ? '' : formatAmount(rialToToman(rial));
}

/** A whole number, negative allowed (a sort order); `fallback` when blank. */
export function parseWholeNumber(text: string, fallback: number): Parsed<number> {
  const raw = toLatinDigits(text)
    .replace(SEPARATORS, '')
    .replace(/^[\u2212\u2013]/, '-');
  if (raw === '') return { ok: true, value: fallback };
  if (!/^-?\d{1,9}$/.test(raw)) return { ok: false, message: NOT_A_NUMBER };
  return { ok: true, value: Number(raw) };
}

/** A number as the text of an input, in Persian digits. */
export function numberInputText(value: number): string {
  return toPersianDigits(value);
}

// ---------------------------------------------------------------------------------------------
// Prices

type ProductView = PathResult<'/api/admin/catalog/get-product'>;
type PricesInput = PathInput<'/api/admin/catalog/set-product-prices'>['prices'];

export interface PriceRowDraft {
  /** Stable across edits, for React. */
  key: string;
  cycle: BillingCycle;
  /** Toman, as typed. */
  price: string;
  /** Toman, as typed; blank for no sale. */
  salePrice: string;
}

let nextKey = 0;
/** A key for a new row of an editor: unique in this page's life. */
export function rowKey(): string {
  nextKey += 1;
  return `row-${nextKey}`;
}

export function priceDraftsOf(prices: ProductView['prices']): PriceRowDraft[] {
  return prices.map((row) => ({
    key: rowKey(),
    cycle: row.cycle,
    price: tomanInputText(row.price),
    salePrice: tomanInputText(row.salePrice),
  }));
}

/** The shortest cycle no row has yet; null when every cycle has a row. */
export function freeCycle(rows: readonly PriceRowDraft[]): BillingCycle | null {
  return BILLING_CYCLES.find((cycle) => !rows.some((row) => row.cycle === cycle)) ?? null;
}

export function newPriceRow(rows: readonly PriceRowDraft[]): PriceRowDraft | null {
  const cycle = freeCycle(rows);
  return cycle === null ? null : { key: rowKey(), cycle, price: '', salePrice: '' };
}

/**
 * The rows as the call takes them, in Rial, or the errors that keep them from being sent,
 * keyed as the server keys its own (`prices.0.price`).
 */
export function pricesRequest(
  rows: readonly PriceRowDraft[],
): { ok: true; prices: PricesInput } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const prices: PricesInput = [];
  rows.forEach((row, index) => {
    const price = parseTomanAsRial(row.price);
    const salePrice = parseTomanAsRial(row.salePrice);
    if (!price.ok) errors[`prices.${index}.price`] = price.message;
    else if (price.value === null) errors[`prices.${index}.price`] = 'قیمت این دوره را بنویسید';
    if (!salePrice.ok) errors[`prices.${index}.salePrice`] = salePrice.message;
    if (price.ok && price.value !== null && salePrice.ok) {
      prices.push({ cycle: row.cycle, price: price.value, salePrice: salePrice.value });
    }
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, prices };
}

// ---------------------------------------------------------------------------------------------
// Feature tables

export interface GroupFeatureDraft {
  key: string;
  /** Missing for a row added here: the server makes it. */
  id?: string;
  label: string;
  /** The plan limit the row states (its cells come from each plan's limits); null: typed. */
  limitKey?: PlanLimitKey | null;
}

export function groupFeatureDraftsOf(
  features: ReadonlyArray<{ id: string; label: string; limitKey?: PlanLimitKey | null }>,
): GroupFeatureDraft[] {
  return features.map((feature) => ({
    key: rowKey(),
    id: feature.id,
    label: feature.label,
    limitKey: feature.limitKey ?? null,
  }));
}

/** The rows as the call takes them, in order; an id only for a row that was there. */
export function groupFeaturesRequest(rows: readonly GroupFeatureDraft[]) {
  return rows.map((row) => {
    const fields = { label: row.label.trim(), limitKey: row.limitKey ?? null };
    return row.id ? { id: row.id, ...fields } : fields;
  });
}

/** The list with the item at `index` moved by `delta` places; the same list when it cannot move. */
export function moveItem<T>(items: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) {
    return [...items];
  }
  const moved = [...items];
  const [item] = moved.splice(index, 1);
  if (item !== undefined) moved.splice(target, 0, item);
  return moved;
}

export interface ProductFeatureDraft {
  featureId: string;
  label: string;
  /** A row drawn from the plan's limits: shown, not typed. */
  limitKey?: PlanLimitKey | null;
  /** «۲۰ گیگابایت», or blank for a plain yes/no row. */
  value: string;
  included: boolean;
}

/**
 * One draft a row of the group's table, in the group's order: the product's values where it has
 * them (when editing the product in its own group), an included blank row otherwise.
 */
export function productFeatureDraftsOf(
  groupFeatures: ReadonlyArray<{ id: string; label: string; limitKey?: PlanLimitKey | null }>,
  productFeatures: ProductView['features'] = [],
): ProductFeatureDraft[] {
  return groupFeatures.map((feature) => {
    const known = productFeatures.find((value) => value.featureId === feature.id);
    return {
      featureId: feature.id,
      label: feature.label,
      limitKey: feature.limitKey ?? null,
      value: known?.value ?? '',
      included: known ? known.included : true,
    };
  });
}

/** The typed rows' values; a limit row's cell is the server's, from the limits. */
export function productFeaturesRequest(rows: readonly ProductFeatureDraft[]) {
  return rows
    .filter((row) => !row.limitKey)
    .map((row) => ({
      featureId: row.featureId,
      value: row.value.trim() === '' ? null : row.value.trim(),
      included: row.included,
    }));
}

// ---------------------------------------------------------------------------------------------
// Plan limits (issue 35): the one source of the store's limit cells, the panel package and the
// usage bars. Each key is left out (not part of the plan), unlimited, or a whole number.

export type LimitMode = 'none' | 'unlimited' | 'value';
export interface LimitDraft {
  mode: LimitMode;
  /** As typed, Persian or Latin digits. */
  amount: string;
}
export type LimitsDraft = Record<PlanLimitKey, LimitDraft>;

export function limitsDraftOf(limits: PlanLimits | undefined): LimitsDraft {
  return Object.fromEntries(
    PLAN_LIMIT_KEYS.map((key) => {
      const value = limits?.[key];
      const draft: LimitDraft =
        value === undefined
          ? { mode: 'none', amount: '' }
          : value === null
            ? { mode: 'unlimited', amount: '' }
            : { mode: 'value', amount: numberInputText(value) };
      return [key, draft];
    }),
  ) as LimitsDraft;
}

/** The limits as the call takes them, or errors keyed as the server's (`limits.diskMb`). */
export function limitsRequest(
  draft: LimitsDraft,
): { ok: true; limits: PlanLimits } | { ok: false; errors: Record<string, string> } {
  const limits: PlanLimits = {};
  const errors: Record<string, string> = {};
  for (const key of PLAN_LIMIT_KEYS) {
    const row = draft[key];
    if (row.mode === 'unlimited') limits[key] = null;
    if (row.mode !== 'value') continue;
    const raw = toLatinDigits(row.amount).replace(SEPARATORS, '');
    if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1)
      errors[`limits.${key}`] = 'یک عدد صحیح مثبت بنویسید';
    else limits[key] = Number(raw);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, limits };
}

// ---------------------------------------------------------------------------------------------
// The product form

type CreateProductInput = PathInput<'/api/admin/catalog/create-product'>;

export interface ProductDraft {
  groupId: string;
  slug: string;
  name: string;
  summary: string;
  description: string;
  iconUrl: string;
  /** Toman, as typed. */
  setupFee: string;
  needsDomain: boolean;
  needsTheme: boolean;
  isFeatured: boolean;
  /** Its lines carry a 0% VAT rate (decision 0022). */
  vatExempt: boolean;
  /**
   * The tax organisation's goods-and-services id (13 digits) its invoices carry (issue 39); blank
   * for the tax system's default.
   */
  taxServiceId: string;
  /** Blank for none. */
  badge: string;
  sortOrder: string;
  features: ProductFeatureDraft[];
  limits: LimitsDraft;
}

export function productDraftOf(
  product: ProductView | null,
  groupFeatures: ReadonlyArray<{ id: string; label: string; limitKey?: PlanLimitKey | null }>,
): ProductDraft {
  return {
    groupId: product?.group.id ?? '',
    slug: product?.slug ?? '',
    name: product?.name ?? '',
    summary: product?.summary ?? '',
    description: product?.description ?? '',
    iconUrl: product?.iconUrl ?? '',
    setupFee: product ? tomanInputText(product.setupFee) : '',
    needsDomain: product?.needsDomain ?? false,
    needsTheme: product?.needsTheme ?? false,
    isFeatured: product?.isFeatured ?? false,
    vatExempt: product?.vatExempt ?? false,
    taxServiceId: product?.taxServiceId ?? '',
    badge: product?.badge ?? '',
    sortOrder: numberInputText(product?.sortOrder ?? 0),
    features: productFeatureDraftsOf(groupFeatures, product?.features),
    limits: limitsDraftOf(product?.limits),
  };
}

/** The form as the create call takes it (update takes the same with the id), or its errors. */
export function productRequest(
  draft: ProductDraft,
): { ok: true; input: CreateProductInput } | { ok: false; errors: Record<string, string> } {
  const setupFee = parseTomanAsRial(draft.setupFee);
  const sortOrder = parseWholeNumber(draft.sortOrder, 0);
  const errors: Record<string, string> = {};
  const limits = limitsRequest(draft.limits);
  if (!setupFee.ok) errors.setupFee = setupFee.message;
  if (!sortOrder.ok) errors.sortOrder = sortOrder.message;
  if (!limits.ok) Object.assign(errors, limits.errors);
  if (!setupFee.ok || !sortOrder.ok || !limits.ok) return { ok: false, errors };
  const badge = draft.badge.trim();
  // The organisation's ids are Latin digits; a phone keyboard may type Persian ones.
  const taxServiceId = toLatinDigits(draft.taxServiceId).trim();
  return {
    ok: true,
    input: {
      groupId: draft.groupId,
      slug: draft.slug.trim(),
      name: draft.name.trim(),
      summary: draft.summary.trim(),
      description: draft.description.trim(),
      iconUrl: draft.iconUrl.trim(),
      setupFee: setupFee.value ?? 0,
      needsDomain: draft.needsDomain,
      needsTheme: draft.needsTheme,
      isFeatured: draft.isFeatured,
      vatExempt: draft.vatExempt,
      taxServiceId: taxServiceId === '' ? null : taxServiceId,
      badge: badge === '' ? null : badge,
      sortOrder: sortOrder.value,
      features: productFeaturesRequest(draft.features),
      limits: limits.limits,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The group form

type GroupView = PathResult<'/api/admin/catalog/list-groups'>['items'][number];
type CreateGroupInput = PathInput<'/api/admin/catalog/create-group'>;

export interface GroupDraft {
  slug: string;
  name: string;
  summary: string;
  iconUrl: string;
  /** Blank for a new group: it goes after the others. */
  sortOrder: string;
  features: GroupFeatureDraft[];
}

export function groupDraftOf(group: GroupView | null): GroupDraft {
  return {
    slug: group?.slug ?? '',
    name: group?.name ?? '',
    summary: group?.summary ?? '',
    iconUrl: group?.iconUrl ?? '',
    sortOrder: group ? numberInputText(group.sortOrder) : '',
    features: groupFeatureDraftsOf(group?.features ?? []),
  };
}

/** The form as the create call takes it (a blank order left out), or its errors. */
export function groupRequest(
  draft: GroupDraft,
): { ok: true; input: CreateGroupInput } | { ok: false; errors: Record<string, string> } {
  const sortOrder = parseWholeNumber(draft.sortOrder, Number.NaN);
  if (!sortOrder.ok) return { ok: false, errors: { sortOrder: sortOrder.message } };
  const input: CreateGroupInput = {
    slug: draft.slug.trim(),
    name: draft.name.trim(),
    summary: draft.summary.trim(),
    iconUrl: draft.iconUrl.trim(),
    features: groupFeaturesRequest(draft.features).map(({ label, limitKey }) => ({
      label,
      limitKey,
    })),
  };
  if (!Number.isNaN(sortOrder.value)) input.sortOrder = sortOrder.value;
  return { ok: true, input };
}

/** Rows of the table as it was that the form no longer has: their values go with them. */
export function removedFeatureCount(
  group: GroupView | null,
  rows: readonly GroupFeatureDraft[],
): number {
  if (!group) return 0;
  return group.features.filter((feature) => !rows.some((row) => row.id === feature.id)).length;
}

// ---------------------------------------------------------------------------------------------
// The theme form

type ThemeView = PathResult<'/api/admin/catalog/list-themes'>['items'][number];
type CreateThemeInput = PathInput<'/api/admin/catalog/create-theme'>;

export const THEME_PREVIEWS_MAX = 4;

export interface ThemeDraft {
  slug: string;
  name: string;
  category: string;
  tags: string[];
  /** One slot an image, '' for a slot not filled yet; the desktop preview first. */
  previewUrls: string[];
  free: boolean;
  /** Toman, as typed; for a paid theme. */
  price: string;
  productIds: string[];
}

export function themeDraftOf(theme: ThemeView | null): ThemeDraft {
  return {
    slug: theme?.slug ?? '',
    name: theme?.name ?? '',
    category: theme?.category.slug ?? '',
    tags: theme?.tags ?? [],
    previewUrls: theme && theme.previewUrls.length > 0 ? theme.previewUrls : ['', ''],
    free: theme ? theme.price === null : true,
    price: theme ? tomanInputText(theme.price) : '',
    productIds: theme?.productIds ?? [],
  };
}

/** The form as the create call takes it (empty preview slots left out), or its errors. */
export function themeRequest(
  draft: ThemeDraft,
): { ok: true; input: CreateThemeInput } | { ok: false; errors: Record<string, string> } {
  let price: number | null = null;
  if (!draft.free) {
    const parsed = parseTomanAsRial(draft.price);
    if (!parsed.ok) return { ok: false, errors: { price: parsed.message } };
    if (parsed.value === null || parsed.value === 0) {
      return { ok: false, errors: { price: 'قیمت قالب پولی را بنویسید، یا آن را رایگان کنید' } };
    }
    price = parsed.value;
  }
  return {
    ok: true,
    input: {
      slug: draft.slug.trim(),
      name: draft.name.trim(),
      category: draft.category,
      tags: draft.tags.map((tag) => tag.trim()).filter((tag) => tag !== ''),
      previewUrls: draft.previewUrls.filter((url) => url.trim() !== ''),
      price,
      productIds: draft.productIds,
    },
  };
}
