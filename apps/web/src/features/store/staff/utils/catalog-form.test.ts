import { expect, test } from 'vitest';
import {
  freeCycle,
  type GroupFeatureDraft,
  groupDraftOf,
  groupFeatureDraftsOf,
  groupFeaturesRequest,
  groupRequest,
  limitsDraftOf,
  limitsRequest,
  moveItem,
  newPriceRow,
  type PriceRowDraft,
  parseToman,
  parseTomanAsRial,
  parseWholeNumber,
  priceDraftsOf,
  pricesRequest,
  productDraftOf,
  productFeatureDraftsOf,
  productRequest,
  removedFeatureCount,
  themeDraftOf,
  themeRequest,
  tomanInputText,
} from './catalog-form';

const row = (cycle: PriceRowDraft['cycle'], price: string, salePrice = ''): PriceRowDraft => ({
  key: cycle,
  cycle,
  price,
  salePrice,
});

test('Toman is read in Persian or Latin digits, with separators, and sent as Rial', () => {
  expect(parseToman('۱۲۰٬۰۰۰')).toEqual({ ok: true, value: 120_000 });
  expect(parseToman(' 99,000 ')).toEqual({ ok: true, value: 99_000 });
  expect(parseToman('')).toEqual({ ok: true, value: null });
  expect(parseTomanAsRial('۱۲۰٬۰۰۰')).toEqual({ ok: true, value: 1_200_000 });
  expect(parseTomanAsRial('  ')).toEqual({ ok: true, value: null });
});

test('a price that is not whole Toman in digits is refused', () => {
  for (const text of ['۱۲.۵', '-100', 'صد', '12e3', '1'.repeat(16)]) {
    expect(parseToman(text).ok, text).toBe(false);
  }
});

test('a Rial amount shows as whole Toman in Persian digits, and reads back as the same Rial', () => {
  expect(tomanInputText(1_990_000)).toBe('۱۹۹٬۰۰۰');
  expect(tomanInputText(null)).toBe('');
  expect(parseTomanAsRial(tomanInputText(1_990_000))).toEqual({ ok: true, value: 1_990_000 });
});

test('a sort order may be negative and falls back when blank', () => {
  expect(parseWholeNumber('-۵', 0)).toEqual({ ok: true, value: -5 });
  expect(parseWholeNumber('', 7)).toEqual({ ok: true, value: 7 });
  expect(parseWholeNumber('1.5', 0).ok).toBe(false);
});

test('price rows go from the API to the editor in Toman and back in Rial', () => {
  const drafts = priceDraftsOf([
    { cycle: 'monthly', price: 1_500_000, salePrice: null },
    { cycle: 'annual', price: 15_000_000, salePrice: 12_000_000 },
  ]);
  expect(drafts.map(({ cycle, price, salePrice }) => ({ cycle, price, salePrice }))).toEqual([
    { cycle: 'monthly', price: '۱۵۰٬۰۰۰', salePrice: '' },
    { cycle: 'annual', price: '۱٬۵۰۰٬۰۰۰', salePrice: '۱٬۲۰۰٬۰۰۰' },
  ]);
  expect(pricesRequest(drafts)).toEqual({
    ok: true,
    prices: [
      { cycle: 'monthly', price: 1_500_000, salePrice: null },
      { cycle: 'annual', price: 15_000_000, salePrice: 12_000_000 },
    ],
  });
});

test('a row without a price or with letters is not sent, and says so under its field', () => {
  expect(
    pricesRequest([row('monthly', '100'), row('quarterly', ''), row('annual', '9', 'x')]),
  ).toEqual({
    ok: false,
    errors: {
      'prices.1.price': 'قیمت این دوره را بنویسید',
      'prices.2.salePrice': 'مبلغ را به تومان و فقط با رقم بنویسید',
    },
  });
});

test('the server judges sale prices and repeated cycles: they are sent as typed', () => {
  const result = pricesRequest([row('monthly', '100', '200'), row('monthly', '50')]);
  expect(result).toEqual({
    ok: true,
    prices: [
      { cycle: 'monthly', price: 1000, salePrice: 2000 },
      { cycle: 'monthly', price: 500, salePrice: null },
    ],
  });
});

test('a new price row takes the shortest cycle not yet offered, and none once all are', () => {
  expect(freeCycle([])).toBe('monthly');
  expect(newPriceRow([row('monthly', '1'), row('semiannual', '1')])?.cycle).toBe('quarterly');
  const full = ['monthly', 'quarterly', 'semiannual', 'annual'] as const;
  expect(newPriceRow(full.map((cycle) => row(cycle, '1')))).toBeNull();
});

test('moving a row reorders the list and leaves it alone at either end', () => {
  expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
  expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
});

test('group feature rows keep their ids; a new row is sent without one', () => {
  const drafts = groupFeatureDraftsOf([{ id: 'f1', label: 'فضا' }]);
  drafts.push({ key: 'new', label: ' پهنای باند ' });
  expect(groupFeaturesRequest(drafts)).toEqual([
    { id: 'f1', label: 'فضا', limitKey: null },
    { label: 'پهنای باند', limitKey: null },
  ]);
});

test('a group row that states a plan limit keeps its limit key', () => {
  const drafts = groupFeatureDraftsOf([{ id: 'f1', label: 'فضا', limitKey: 'diskMb' }]);
  expect(groupFeaturesRequest(drafts)).toEqual([{ id: 'f1', label: 'فضا', limitKey: 'diskMb' }]);
});

test('plan limits: left out, unlimited or a whole number, typed in Persian digits', () => {
  const draft = limitsDraftOf({ diskMb: 2048, bandwidthMb: null });
  expect(draft.diskMb).toEqual({ mode: 'value', amount: '۲۰۴۸' });
  expect(draft.bandwidthMb).toEqual({ mode: 'unlimited', amount: '' });
  expect(draft.mailboxes).toEqual({ mode: 'none', amount: '' });
  draft.mailboxes = { mode: 'value', amount: '۲۵' };
  expect(limitsRequest(draft)).toEqual({
    ok: true,
    limits: { diskMb: 2048, bandwidthMb: null, mailboxes: 25 },
  });
  draft.mailboxes = { mode: 'value', amount: 'بیست' };
  expect(limitsRequest(draft)).toEqual({
    ok: false,
    errors: { 'limits.mailboxes': 'یک عدد صحیح مثبت بنویسید' },
  });
});

test("a product's feature rows follow its group's table, new rows included by default", () => {
  const drafts = productFeatureDraftsOf(
    [
      { id: 'f1', label: 'فضا' },
      { id: 'f2', label: 'SSL' },
    ],
    [{ featureId: 'f2', label: 'SSL', limitKey: null, value: null, included: false }],
  );
  expect(drafts).toEqual([
    { featureId: 'f1', label: 'فضا', limitKey: null, value: '', included: true },
    { featureId: 'f2', label: 'SSL', limitKey: null, value: '', included: false },
  ]);
});

test('the product form is sent trimmed, in Rial, with a blank badge as none', () => {
  const draft = productDraftOf(null, [{ id: 'f1', label: 'فضا' }]);
  draft.groupId = 'g1';
  draft.slug = ' host-x ';
  draft.name = 'هاست ایکس';
  draft.summary = 'خلاصه';
  draft.iconUrl = '/media/demo/groups/vps.svg';
  draft.setupFee = '۵۰٬۰۰۰';
  draft.badge = '  ';
  draft.sortOrder = '۳';
  draft.features = [
    { featureId: 'f1', label: 'فضا', value: ' ۵ گیگ ', included: true },
    // A limit row is the server's to draw from the limits: not sent.
    { featureId: 'f2', label: 'دیسک', limitKey: 'diskMb', value: '', included: true },
  ];
  draft.limits.diskMb = { mode: 'value', amount: '۵۱۲۰' };
  expect(productRequest(draft)).toEqual({
    ok: true,
    input: {
      groupId: 'g1',
      slug: 'host-x',
      name: 'هاست ایکس',
      summary: 'خلاصه',
      description: '',
      iconUrl: '/media/demo/groups/vps.svg',
      setupFee: 500_000,
      needsDomain: false,
      needsTheme: false,
      isFeatured: false,
      vatExempt: false,
      taxServiceId: null,
      badge: null,
      sortOrder: 3,
      features: [{ featureId: 'f1', value: '۵ گیگ', included: true }],
      limits: { diskMb: 5120 },
    },
  });
  draft.setupFee = 'رایگان';
  expect(productRequest(draft)).toEqual({
    ok: false,
    errors: { setupFee: 'مبلغ را به تومان و فقط با رقم بنویسید' },
  });
});

test('a product marked VAT-exempt is sent so; a new one is taxed unless marked', () => {
  const draft = productDraftOf(null, []);
  expect(draft.vatExempt).toBe(false);
  Object.assign(draft, { groupId: 'g1', slug: 'domain-ir', name: 'دامنهٔ ir', summary: 'خلاصه' });
  draft.vatExempt = true;
  expect(productRequest(draft)).toMatchObject({ ok: true, input: { vatExempt: true } });
});

test("a product's goods-and-services id is sent in Latin digits, and blank as the tax system's default", () => {
  const draft = productDraftOf(null, []);
  expect(draft.taxServiceId).toBe('');
  Object.assign(draft, { groupId: 'g1', slug: 'vps-1', name: 'سرور مجازی', summary: 'خلاصه' });
  expect(productRequest(draft)).toMatchObject({ ok: true, input: { taxServiceId: null } });
  draft.taxServiceId = ' ۲۷۲۰۰۰۰۱۱۴۵۴۲ ';
  expect(productRequest(draft)).toMatchObject({
    ok: true,
    input: { taxServiceId: '2720000114542' },
  });
});

test('the group form leaves a blank order out, so a new group goes last', () => {
  const draft = groupDraftOf(null);
  Object.assign(draft, {
    slug: 'cdn',
    name: ' سی‌دی‌ان ',
    summary: 'خلاصه',
    iconUrl: '/media/x.png',
  });
  draft.features = [{ key: 'a', label: ' ترافیک ' }];
  expect(groupRequest(draft)).toEqual({
    ok: true,
    input: {
      slug: 'cdn',
      name: 'سی‌دی‌ان',
      summary: 'خلاصه',
      iconUrl: '/media/x.png',
      features: [{ label: 'ترافیک', limitKey: null }],
    },
  });
  draft.sortOrder = '۱۲';
  expect(groupRequest(draft)).toMatchObject({ ok: true, input: { sortOrder: 12 } });
  draft.sortOrder = 'اول';
  expect(groupRequest(draft)).toEqual({ ok: false, errors: { sortOrder: 'یک عدد صحیح بنویسید' } });
});

test('rows of the saved table missing from the form are counted as removed', () => {
  const group = {
    id: 'g',
    slug: 'g',
    name: 'g',
    summary: '',
    iconUrl: '',
    sortOrder: 1,
    productCount: 2,
    features: [
      { id: 'f1', label: 'a', limitKey: null },
      { id: 'f2', label: 'b', limitKey: null },
    ],
  };
  const rows = groupDraftOf(group).features;
  expect(removedFeatureCount(group, rows)).toBe(0);
  expect(removedFeatureCount(group, [rows[1] as GroupFeatureDraft, { key: 'n', label: 'c' }])).toBe(
    1,
  );
  expect(removedFeatureCount(null, [])).toBe(0);
});

test('a theme is sent with its filled preview slots only, free as a null price', () => {
  const draft = themeDraftOf(null);
  expect(draft.previewUrls).toEqual(['', '']);
  Object.assign(draft, { slug: 'golestan', name: 'گلستان', category: 'shop' });
  draft.tags = [' فروشگاهی ', ''];
  draft.previewUrls = ['', '/media/uploads/catalog/a.png'];
  expect(themeRequest(draft)).toEqual({
    ok: true,
    input: {
      slug: 'golestan',
      name: 'گلستان',
      category: 'shop',
      tags: ['فروشگاهی'],
      previewUrls: ['/media/uploads/catalog/a.png'],
      price: null,
      productIds: [],
    },
  });
  draft.free = false;
  draft.price = '۴۹۰٬۰۰۰';
  expect(themeRequest(draft)).toMatchObject({ ok: true, input: { price: 4_900_000 } });
  draft.price = '';
  expect(themeRequest(draft)).toEqual({
    ok: false,
    errors: { price: 'قیمت قالب پولی را بنویسید، یا آن را رایگان کنید' },
  });
});
