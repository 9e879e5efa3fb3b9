import {
  adminDownloadBillingDocumentPdf,
  adminExportSalesReport,
  adminGetSeller,
  adminListTaxRates,
  adminSalesReport,
  adminScheduleTaxRate,
  adminSearchBillingDocuments,
  adminUpdateSeller,
  adminWithdrawTaxRate,
} from '@vitrin/contracts';
import { toJalaliParts } from '@vitrin/fa';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, test } from 'vitest';
import { billingDocuments, documentCounters, products, taxRates } from '../../schema';
import { ok, refused, type SignedInUser, send } from '../../test/api-kit';
import { auditRowsOf, createStaff, expectStaffOnly } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import {
  chooseAtSandbox,
  createCustomer,
  expectBooksBalanced,
  fillCart,
  HOSTING_MONTH,
  submitCart,
} from '../orders/checkout-test-kit';
import { submitOrder } from '../orders/orders.service';
import { vatRateAt } from './tax-rates.service';

// Issue 21: VAT frozen per line, numbered documents issued where the money moves, credit notes,
// receipts, the seller's details, and who may read what.

const t = setupTestApp({ seedDemoData: true });
let admin: SignedInUser;
let support: SignedInUser;

const SELLER = {
  legalName: 'شرکت ویترین پارس',
  nationalId: '10380284790',
  economicNumber: '411111111111',
  registrationNumber: '123456',
  address: 'تهران، خیابان ولیعصر، پلاک ۱۲۳۴',
  postalCode: '1969833114',
  phone: '02188776655',
};

const COMPANY = {
  kind: 'company' as const,
  fullName: 'رضا حسابدار',
  email: 'finance@example.com',
  companyName: 'شرکت نمونه آزمون',
  legalNationalId: '۱۰۳۸۰۲۸۴۷۹۰',
  economicNumber: '10380284790',
  registrationNumber: '45678',
  address: 'اصفهان، خیابان چهارباغ، کوچه ۱۲',
  postalCode: '8134617891',
};

const sequenceOf = (number: string) => Number(number.split('-')[1]);

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
  support = await createStaff(t.app, 'support');
});

describe('VAT', () => {
  test('10% is in force from 1403/01/01; a rate is frozen per line at submit and a later rate changes no order', async () => {
    expect(await vatRateAt(t.app.db, new Date('2024-03-19T20:29:59Z'))).toBe(0);
    expect(await vatRateAt(t.app.db, new Date('2024-03-19T20:30:00Z'))).toBe(1000);

    const customer = await createCustomer(t.app);
    const before = await submitCart(t.app, customer, [HOSTING_MONTH]);
    expect(before.lines[0]?.vatRatePercent).toBe(10);

    const from = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await ok(
      t.app,
      adminScheduleTaxRate.path,
      { ratePercent: 12.5, effectiveFrom: from, note: 'آزمون' },
      admin.token,
    );
    const rate = scheduled.items.find((item) => item.effectiveFrom === from);
    expect(rate).toMatchObject({ ratePercent: 12.5, scheduled: true, current: false });
    expect(scheduled.items.find((item) => item.current)?.ratePercent).toBe(10);
    try {
      // An order placed after the new date carries 12.5%, rounded per line.
      await fillCart(t.app, { token: customer.token }, [HOSTING_MONTH]);
      const after = await submitOrder(
        t.app.db,
        { userId: customer.id, cartToken: undefined },
        new Date(Date.now() + 2 * 3_600_000),
      );
      const net = after.lines[0]?.totalRial ?? 0;
      expect(after.lines[0]?.vatRatePercent).toBe(12.5);
      expect(after.vatRial).toBe(Math.floor((net * 125 + 500) / 1000));
      expect(after.totalRial).toBe(net + after.vatRial);
      // The first order still says 10%.
      const again = await ok(
        t.app,
        '/api/cart/order-get-detail',
        { orderId: before.id },
        customer.token,
      );
      expect(again.lines[0]?.vatRatePercent).toBe(10);
      expect(again.totalRial).toBe(before.totalRial);
    } finally {
      await ok(t.app, adminWithdrawTaxRate.path, { id: rate?.id ?? '' }, admin.token);
    }
    await expectBooksBalanced(t.app.db);
  });

  test('a rate cannot start in the past, and one in force cannot be withdrawn', async () => {
    const past = await refused(
      t.app,
      adminScheduleTaxRate.path,
      { ratePercent: 9, effectiveFrom: '2020-01-01T00:00:00.000Z' },
      admin.token,
      400,
    );
    expect(past.fields?.effectiveFrom).toContain('آینده');
    const odd = await refused(
      t.app,
      adminScheduleTaxRate.path,
      { ratePercent: 9.125, effectiveFrom: new Date(Date.now() + 86_400_000).toISOString() },
      admin.token,
      400,
    );
    expect(odd.fields?.ratePercent).toBe('نرخ تا دو رقم اعشار پذیرفته می‌شود');
    const { items } = await ok(t.app, adminListTaxRates.path, {}, support.token);
    const current = items.find((item) => item.current);
    const error = await refused(
      t.app,
      adminWithdrawTaxRate.path,
      { id: current?.id ?? '' },
      admin.token,
      409,
    );
    expect(error.message).toContain('اجرا شده');
    expect(await t.app.db.select().from(taxRates)).toHaveLength(1);
  });

  test('an exempt product carries 0% and no VAT; the cart says the rate in force', async () => {
    const customer = await createCustomer(t.app);
    await t.app.db.update(products).set({ vatExempt: true }).where(eq(products.slug, 'vps-2core'));
    try {
      await fillCart(t.app, { token: customer.token }, [
        HOSTING_MONTH,
        { slug: 'vps-2core', cycle: 'monthly' },
      ]);
      const cart = await ok(t.app, '/api/cart/get-cart', {}, customer.token);
      expect(cart.vatRatePercent).toBe(10);
      const [hosting, vps] = cart.lines;
      expect(hosting?.vatRial).toBe(Math.round((hosting?.totalRial ?? 0) / 10));
      expect(vps).toMatchObject({ vatRatePercent: 0, vatRial: 0 });
      expect(cart.vatRial).toBe(hosting?.vatRial);
      expect(cart.totalRial).toBe(cart.subtotalRial - cart.discountRial + cart.vatRial);
    } finally {
      await t.app.db
        .update(products)
        .set({ vatExempt: false })
        .where(eq(products.slug, 'vps-2core'));
    }
  });
});

describe('documents', () => {
  test('a pending order has a pro-forma without a number; paying it issues the next sales invoice of the year', async () => {
    const customer = await createCustomer(t.app);
    const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
    const proforma = await ok(
      t.app,
      '/api/user/billing/get-document',
      { orderId: order.id },
      customer.token,
    );
    expect(proforma).toMatchObject({
      kind: 'proforma',
      title: 'پیش‌فاکتور',
      number: null,
      order: { id: order.id, number: order.number },
      totals: { vatRial: order.vatRial, totalRial: order.totalRial },
    });

    const before = await latestNumber('S');
    await payAtGateway(customer, order.id);
    const paid = await ok(
      t.app,
      '/api/cart/order-get-detail',
      { orderId: order.id },
      customer.token,
    );
    expect(paid.invoice?.number).toMatch(/^S\d{4}-\d{6}$/);
    const invoice = await ok(
      t.app,
      '/api/user/billing/get-document',
      { orderId: order.id },
      customer.token,
    );
    const year = toJalaliParts(new Date()).year;
    expect(invoice).toMatchObject({
      kind: 'sales',
      title: 'صورتحساب فروش کالا و خدمات',
      number: `S${year}-${String(before + 1).padStart(6, '0')}`,
      buyer: { kind: 'person', name: 'مریم آزمون' },
      totals: {
        netRial: order.totalRial - order.vatRial,
        vatRial: order.vatRial,
        totalRial: order.totalRial,
      },
    });
    expect(invoice.paymentNote).toContain('درگاه آزمایشی');
    expect(invoice.totalInWords).toMatch(/ریال$/);
    expect(invoice.lines[0]).toMatchObject({
      quantity: 1,
      vatRatePercent: 10,
      netRial: order.lines[0]?.totalRial,
      vatRial: order.lines[0]?.vatRial,
    });
    // By id too; another customer learns nothing of it.
    expect(
      await ok(t.app, '/api/user/billing/get-document', { documentId: invoice.id }, customer.token),
    ).toEqual(invoice);
    const stranger = await createCustomer(t.app);
    for (const body of [{ documentId: invoice.id }, { orderId: order.id }]) {
      const error = await refused(
        t.app,
        '/api/user/billing/get-document',
        body,
        stranger.token,
        404,
      );
      expect(error.code).toBe('NOT_FOUND');
    }
    const listed = await ok(t.app, '/api/user/billing/list-documents', {}, customer.token);
    expect(listed.items.map((item) => item.number)).toEqual([invoice.number]);
    await expectBooksBalanced(t.app.db);
  });

  test('a company buyer is invoiced with its legal details; each is checked with a Persian message', async () => {
    const customer = await createCustomer(t.app);
    const bad = await refused(
      t.app,
      '/api/cart/update-user',
      {
        ...COMPANY,
        legalNationalId: '10380284791',
        economicNumber: '12345',
        registrationNumber: 'abc',
        address: 'کوتاه',
        postalCode: '0123456789',
      },
      customer.token,
      400,
    );
    expect(bad.fields).toEqual({
      legalNationalId: 'شناسهٔ ملی شرکت ۱۱ رقم است و رقم کنترل آن درست نیست',
      economicNumber: 'کد اقتصادی ۱۱ یا ۱۲ رقم است',
      registrationNumber: 'شمارهٔ ثبت شرکت فقط رقم است (تا ۱۰ رقم)',
      address: 'نشانی کامل شرکت را بنویسید (دست‌کم ۱۰ نویسه)',
      postalCode: 'کد پستی ۱۰ رقم است و با ۰ یا ۲ شروع نمی‌شود',
    });
    const missing = await refused(
      t.app,
      '/api/cart/update-user',
      { kind: 'company', fullName: 'رضا حسابدار', email: 'finance@example.com' },
      customer.token,
      400,
    );
    expect(Object.keys(missing.fields ?? {}).sort()).toEqual([
      'address',
      'companyName',
      'economicNumber',
      'legalNationalId',
      'postalCode',
      'registrationNumber',
    ]);
    const saved = await ok(t.app, '/api/cart/update-user', COMPANY, customer.token);
    expect(saved).toMatchObject({
      kind: 'company',
      legalNationalId: '10380284790',
      complete: true,
    });

    const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
    await payAtGateway(customer, order.id);
    const invoice = await ok(
      t.app,
      '/api/user/billing/get-document',
      { orderId: order.id },
      customer.token,
    );
    expect(invoice.buyer).toEqual({
      kind: 'company',
      name: 'شرکت نمونه آزمون',
      email: 'finance@example.com',
      nationalCode: null,
      nationalId: '10380284790',
      economicNumber: '10380284790',
      registrationNumber: '45678',
      address: COMPANY.address,
      postalCode: '8134617891',
    });
  });

  test('the seller is a setting: validated, audited, printed on invoices issued after it, not before', async () => {
    const customer = await createCustomer(t.app);
    const earlier = await submitCart(t.app, customer, [HOSTING_MONTH]);
    await payAtGateway(customer, earlier.id);

    const invalid = await refused(
      t.app,
      adminUpdateSeller.path,
      { ...SELLER, nationalId: '10380284791', postalCode: '۲۱۲۳۴۵۶۷۸۹', phone: '12' },
      admin.token,
      400,
    );
    expect(invalid.fields).toMatchObject({
      nationalId: 'شناسهٔ ملی ۱۱ رقم است و رقم کنترل آن درست نیست',
      postalCode: 'کد پستی ۱۰ رقم است و با ۰ یا ۲ شروع نمی‌شود',
      phone: 'شمارهٔ تلفن را با کد شهر بنویسید، مانند ۰۲۱۱۲۳۴۵۶۷۸',
    });
    await refused(t.app, adminUpdateSeller.path, SELLER, support.token, 403);
    const saved = await ok(t.app, adminUpdateSeller.path, SELLER, admin.token);
    expect(saved).toEqual({ ...SELLER, complete: true });
    expect(await ok(t.app, adminGetSeller.path, {}, support.token)).toEqual(saved);
    const [audit] = await auditRowsOf(t.app, 'billing-settings', 'seller');
    expect(audit?.action).toBe('billing.seller.update');

    const later = await submitCart(t.app, customer, [HOSTING_MONTH]);
    await payAtGateway(customer, later.id);
    const read = (orderId: string) =>
      ok(t.app, '/api/user/billing/get-document', { orderId }, customer.token);
    expect((await read(later.id)).seller).toEqual(SELLER);
    expect((await read(earlier.id)).seller.legalName).not.toBe(SELLER.legalName);
  });

  test('refunds issue credit notes of their own series: a part splits net and VAT, the rest closes the invoice', async () => {
    const customer = await createCustomer(t.app);
    const order = await submitCart(t.app, customer, [
      HOSTING_MONTH,
      { slug: 'vps-2core', cycle: 'monthly' },
    ]);
    await payAtGateway(customer, order.id);
    const invoice = await ok(
      t.app,
      '/api/user/billing/get-document',
      { orderId: order.id },
      customer.token,
    );
    const lastCredit = await latestNumber('C');

    const part = 1_000_001;
    const partly = await ok(
      t.app,
      '/api/admin/orders/refund-order',
      { orderId: order.id, reason: 'جبران قطعی سرویس', amountRial: part },
      admin.token,
    );
    expect(partly).toMatchObject({ status: 'paid', refundedRial: part });
    expect(partly.creditNotes).toHaveLength(1);
    const note = await ok(
      t.app,
      '/api/user/billing/get-document',
      { documentId: partly.creditNotes[0]?.id ?? '' },
      customer.token,
    );
    const vatPart = Math.round((part * invoice.totals.vatRial) / invoice.totals.totalRial);
    expect(note).toMatchObject({
      kind: 'credit-note',
      title: 'برگشت از فروش',
      number: `C${toJalaliParts(new Date()).year}-${String(lastCredit + 1).padStart(6, '0')}`,
      refersTo: { id: invoice.id, number: invoice.number },
      note: 'جبران قطعی سرویس',
      totals: { vatRial: vatPart, netRial: part - vatPart, totalRial: part },
    });

    const tooMuch = await refused(
      t.app,
      '/api/admin/orders/refund-order',
      { orderId: order.id, reason: 'بیش از مانده', amountRial: order.totalRial },
      admin.token,
      400,
    );
    expect(tooMuch.fields?.amountRial).toContain('بیشتر است');

    const rest = await ok(
      t.app,
      '/api/admin/orders/refund-order',
      { orderId: order.id, reason: 'لغو به درخواست مشتری' },
      admin.token,
    );
    expect(rest).toMatchObject({ status: 'refunded', refundedRial: order.totalRial });
    const closing = await ok(
      t.app,
      '/api/user/billing/get-document',
      { documentId: rest.creditNotes[1]?.id ?? '' },
      customer.token,
    );
    // The two notes take back the invoice's net and VAT exactly.
    expect(note.totals.vatRial + closing.totals.vatRial).toBe(invoice.totals.vatRial);
    expect(note.totals.netRial + closing.totals.netRial).toBe(invoice.totals.netRial);
    await expectBooksBalanced(t.app.db);
  });

  test('a full refund at once repeats the invoice lines', async () => {
    const customer = await createCustomer(t.app);
    const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
    await payAtGateway(customer, order.id);
    const invoice = await ok(
      t.app,
      '/api/user/billing/get-document',
      { orderId: order.id },
      customer.token,
    );
    const refunded = await ok(
      t.app,
      '/api/admin/orders/refund-order',
      { orderId: order.id, reason: 'لغو' },
      admin.token,
    );
    const note = await ok(
      t.app,
      '/api/admin/billing/get-document',
      { documentId: refunded.creditNotes[0]?.id ?? '' },
      support.token,
    );
    expect(note.lines).toEqual(invoice.lines);
    expect(note.totals).toEqual(invoice.totals);
  });

  test('a wallet top-up gets a receipt, not an invoice, with no VAT', async () => {
    const customer = await createCustomer(t.app);
    const started = await ok(
      t.app,
      '/api/user/account/add-credit',
      { amountRial: 5_000_000 },
      customer.token,
    );
    const back = await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
    await ok(t.app, '/api/pay/verify-pay-order', { authority: back.authority, status: 'OK' });
    const { items } = await ok(t.app, '/api/user/billing/list-documents', {}, customer.token);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'receipt',
      title: 'رسید دریافت وجه',
      vatRial: 0,
      totalRial: 5_000_000,
      order: null,
    });
    expect(items[0]?.number).toMatch(/^R\d{4}-\d{6}$/);
  });
});

describe('staff', () => {
  test('search by number, customer mobile, kind and date range; support may read, customers may not', async () => {
    const customer = await createCustomer(t.app);
    const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
    await payAtGateway(customer, order.id);
    const invoice = await ok(
      t.app,
      '/api/user/billing/get-document',
      { orderId: order.id },
      customer.token,
    );
    const search = (body: Record<string, unknown>) =>
      ok(t.app, adminSearchBillingDocuments.path, body, support.token);
    expect((await search({ query: invoice.number ?? '' })).items.map((item) => item.id)).toEqual([
      invoice.id,
    ]);
    const byMobile = await search({ query: `0${customer.mobile.slice(3)}` });
    expect(byMobile.items.map((item) => item.id)).toEqual([invoice.id]);
    const byOrder = await search({ query: String(order.number), kind: 'sales' });
    expect(byOrder.items.map((item) => item.id)).toEqual([invoice.id]);
    const future = await search({ from: new Date(Date.now() + 60_000).toISOString() });
    expect(future.total).toBe(0);
    const today = await search({
      from: new Date(Date.now() - 60_000).toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
      kind: 'sales',
    });
    expect(today.items.map((item) => item.id)).toContain(invoice.id);

    await expectStaffOnly(t.app, adminSearchBillingDocuments, {});
    await expectStaffOnly(t.app, adminScheduleTaxRate, {
      ratePercent: 9,
      effectiveFrom: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await expectStaffOnly(t.app, adminUpdateSeller, SELLER);
  });

  test('the PDF of a document downloads for its owner and staff, as application/pdf', async () => {
    const customer = await createCustomer(t.app);
    const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
    const proforma = await send(
      t.app,
      '/api/user/billing/download-document-pdf',
      { orderId: order.id },
      customer.token,
    );
    expect(proforma.statusCode).toBe(200);
    expect(proforma.headers['content-type']).toBe('application/pdf');
    expect(proforma.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await payAtGateway(customer, order.id);
    const staff = await send(
      t.app,
      adminDownloadBillingDocumentPdf.path,
      { orderId: order.id },
      support.token,
    );
    expect(staff.statusCode).toBe(200);
    expect(String(staff.headers['content-disposition'])).toMatch(
      /^attachment; filename="vitrin-S\d{4}-\d{6}\.pdf"$/,
    );
    const stranger = await createCustomer(t.app);
    const refusedPdf = await send(
      t.app,
      '/api/user/billing/download-document-pdf',
      { orderId: order.id },
      stranger.token,
    );
    expect(refusedPdf.statusCode).toBe(404);
    expect(refusedPdf.json().error.code).toBe('NOT_FOUND');
  });
});

describe('sales and VAT report', () => {
  test('per Jalali month and season: sales, credit notes and what is left, on screen, as CSV and as XLSX', async () => {
    // A year no other test sells in: three documents across the spring/summer boundary, written
    // as issued then (for two orders of today: only the dates matter to the report).
    const customer = await createCustomer(t.app);
    const placed = [
      await submitCart(t.app, customer, [HOSTING_MONTH]),
      await submitCart(t.app, customer, [HOSTING_MONTH]),
    ];
    // A document names its order and keeps the order's number, as the issuer writes them.
    const orderOf = (index: 0 | 1) => ({
      orderId: placed[index]?.id,
      orderNumber: placed[index]?.number,
    });
    const party = { ...SELLER };
    const buyer = {
      kind: 'person' as const,
      name: 'خریدار گزارش',
      email: 'report@example.com',
      nationalCode: null,
      nationalId: null,
      economicNumber: null,
      registrationNumber: null,
      address: null,
      postalCode: null,
    };
    const document = (
      kind: 'sales' | 'credit-note',
      sequence: number,
      issuedAt: string,
      net: number,
    ) => ({
      kind,
      series: kind === 'sales' ? 'S' : 'C',
      jalaliYear: 1399,
      sequence,
      number: `${kind === 'sales' ? 'S' : 'C'}1399-00000${sequence}`,
      userId: admin.id,
      issuedAt: new Date(issuedAt),
      seller: party,
      buyer,
      lines: [],
      grossRial: net,
      discountRial: 0,
      netRial: net,
      vatRial: net / 10,
      totalRial: net * 1.1,
    });
    const [first] = await t.app.db
      .insert(billingDocuments)
      .values([
        // 1399/03/31 and 1399/04/01 at noon, Tehran (+04:30 in the summer of 2020).
        { ...document('sales', 1, '2020-06-20T12:00:00+04:30', 1_000_000), ...orderOf(0) },
      ])
      .returning();
    await t.app.db.insert(billingDocuments).values([
      { ...document('sales', 2, '2020-06-21T12:00:00+04:30', 2_000_000), ...orderOf(1) },
      {
        ...document('credit-note', 1, '2020-06-21T13:00:00+04:30', 500_000),
        ...orderOf(0),
        refersToId: first?.id,
      },
    ]);
    await t.app.db.insert(documentCounters).values([
      { series: 'S', jalaliYear: 1399, lastSequence: 2 },
      { series: 'C', jalaliYear: 1399, lastSequence: 1 },
    ]);

    const byMonth = await ok(t.app, adminSalesReport.path, { year: 1399 }, support.token);
    expect(byMonth.periods).toHaveLength(12);
    expect(byMonth.periods[2]).toMatchObject({
      label: 'خرداد',
      invoices: 1,
      netRial: 1_000_000,
      vatRial: 100_000,
    });
    expect(byMonth.periods[3]).toMatchObject({
      label: 'تیر',
      invoices: 1,
      netRial: 2_000_000,
      creditNotes: 1,
      creditNetRial: 500_000,
      creditVatRial: 50_000,
      balanceNetRial: 1_500_000,
      balanceVatRial: 150_000,
    });
    expect(byMonth.totals).toMatchObject({
      invoices: 2,
      netRial: 3_000_000,
      vatRial: 300_000,
      totalRial: 3_300_000,
      creditNotes: 1,
      balanceNetRial: 2_500_000,
      balanceVatRial: 250_000,
    });
    const bySeason = await ok(
      t.app,
      adminSalesReport.path,
      { year: 1399, by: 'season' },
      support.token,
    );
    expect(
      bySeason.periods.map((period) => [period.label, period.invoices, period.creditNotes]),
    ).toEqual([
      ['بهار', 1, 0],
      ['تابستان', 1, 1],
      ['پاییز', 0, 0],
      ['زمستان', 0, 0],
    ]);

    const csv = await send(
      t.app,
      adminExportSalesReport.path,
      { year: 1399, by: 'season', format: 'csv' },
      support.token,
    );
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]?.startsWith('فصل,تعداد صورتحساب,فروش خالص (ریال)')).toBe(true);
    expect(lines.at(-1)).toBe(
      'جمع سال,2,3000000,300000,3300000,1,500000,50000,550000,2500000,250000',
    );

    const xlsx = await send(
      t.app,
      adminExportSalesReport.path,
      { year: 1399, format: 'xlsx' },
      support.token,
    );
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.views[0]?.rightToLeft).toBe(true);
    expect(sheet?.getRow(5).values).toEqual([
      undefined,
      'تیر',
      1,
      2_000_000,
      200_000,
      2_200_000,
      1,
      500_000,
      50_000,
      550_000,
      1_500_000,
      150_000,
    ]);
    expect(sheet?.getRow(14).getCell(1).value).toBe('جمع سال');

    const badYear = await refused(t.app, adminSalesReport.path, { year: 99 }, support.token, 400);
    expect(badYear.fields?.year).toBe('سال گزارش از ۱۳۹۰ به بعد است');
    await expectStaffOnly(t.app, adminSalesReport, { year: 1399 });
  });
});

async function payAtGateway(customer: SignedInUser, orderId: string) {
  const started = await ok(t.app, '/api/pay/pay-order', { orderId }, customer.token);
  const back = await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
  await ok(t.app, '/api/pay/verify-pay-order', { authority: back.authority, status: 'OK' });
}

/** The last sequence given in a series this year (0 when none). */
async function latestNumber(series: string): Promise<number> {
  const rows = await t.app.db
    .select({ number: billingDocuments.number })
    .from(billingDocuments)
    .where(eq(billingDocuments.series, series));
  return Math.max(0, ...rows.map((row) => sequenceOf(row.number)));
}
