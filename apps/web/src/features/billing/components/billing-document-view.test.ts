import { MantineProvider } from '@mantine/core';
import type { BillingDocument } from '@vitrin/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { BillingDocumentView } from './billing-document-view';

// The document as its page draws it, read as text the way a person reads the page: the web
// project has no DOM, so the markup React renders on the server is read instead.

function render(document: BillingDocument): string {
  return renderToStaticMarkup(
    createElement(MantineProvider, null, createElement(BillingDocumentView, { document })),
  );
}

/** The text a person reads in a piece of markup: tags dropped, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text of the first element that starts with `openTag` and holds `containing`. */
function blockWith(html: string, tag: string, containing: string): string {
  const blocks = html.split(new RegExp(`(?=<${tag}[ >])`)).slice(1);
  const block = blocks
    .map((part) => part.slice(0, part.indexOf(`</${tag}>`)))
    .find((part) => textOf(part).includes(containing));
  if (block === undefined) throw new Error(`no <${tag}> holds «${containing}»`);
  return textOf(block);
}

/** Each row of the lines table, as text. */
function tableRows(html: string): string[] {
  const body = html.slice(html.indexOf('<tbody'), html.indexOf('</tbody>'));
  return body
    .split(/<tr[ >]/)
    .slice(1)
    .map((row) => textOf(`<tr ${row}`));
}

const seller = {
  legalName: 'شرکت ویترین ابر پارس',
  nationalId: '14007654321',
  economicNumber: '411122223333',
  registrationNumber: '512345',
  address: 'تهران، خیابان ولیعصر، پلاک ۱۲',
  postalCode: '1966733111',
  phone: '02188776655',
};

const invoice: BillingDocument = {
  id: 'doc-1',
  kind: 'sales',
  title: 'صورتحساب فروش کالا و خدمات',
  number: 'S1405-000123',
  // 14:30 Tehran, 1405/03/12.
  issuedAt: '2026-06-02T11:00:00.000Z',
  order: { id: 'order-1', number: 1042 },
  refersTo: null,
  seller,
  buyer: {
    kind: 'company',
    name: 'شرکت نمونه سازان',
    email: 'billing@example.ir',
    nationalCode: null,
    nationalId: '10101234567',
    economicNumber: '10101234567',
    registrationNumber: '98765',
    address: 'اصفهان، خیابان چهارباغ، کوچهٔ ۳',
    postalCode: '8134567890',
  },
  lines: [
    {
      position: 1,
      description: 'هاست لینوکس پایه، سالانه، example.ir',
      quantity: 1,
      unitPriceRial: 12_000_000,
      grossRial: 12_000_000,
      discountRial: 1_200_000,
      netRial: 10_800_000,
      vatRatePercent: 10,
      vatRial: 1_080_000,
      totalRial: 11_880_000,
    },
    {
      position: 2,
      description: 'آموزش راه‌اندازی فروشگاه',
      quantity: 1,
      unitPriceRial: 5_000_000,
      grossRial: 5_000_000,
      discountRial: 0,
      netRial: 5_000_000,
      vatRatePercent: 0,
      vatRial: 0,
      totalRial: 5_000_000,
    },
  ],
  totals: {
    grossRial: 17_000_000,
    discountRial: 1_200_000,
    netRial: 15_800_000,
    vatRial: 1_080_000,
    totalRial: 16_880_000,
  },
  totalInWords: 'شانزده میلیون و هشتصد و هشتاد هزار ریال',
  paymentNote: 'درگاه زیبال ۱۶٬۸۸۰٬۰۰۰ ریال، کد پیگیری ۷۷۸۸۹۹',
  note: null,
  taxId: null,
  taxSystem: { status: 'waiting', label: 'در انتظار ارسال' },
};

/** The tax organisation's worked example of a tax id (RC_TICS.IS_v1.4 §7-1-1). */
const TAX_ID = 'A1121604C220002F095011';

describe('a billing document reads as an official invoice', () => {
  test('its title, number, Jalali date and order', () => {
    const facts = blockWith(render(invoice), 'dl', 'شماره');
    expect(blockWith(render(invoice), 'h2', 'صورتحساب')).toBe('صورتحساب فروش کالا و خدمات');
    expect(facts).toContain('شماره: S1405-000123');
    expect(facts).toContain('تاریخ: ۱۴۰۵/۰۳/۱۲');
    expect(facts).toContain('شمارهٔ سفارش: ۱۰۴۲');
  });

  test("a company buyer's registered name and every legal detail, in Persian digits", () => {
    const buyer = blockWith(render(invoice), 'section', 'مشخصات خریدار');
    expect(buyer).toContain('مشخصات خریدار (شخص حقوقی)');
    expect(buyer).toContain('نام شرکت: شرکت نمونه سازان');
    expect(buyer).toContain('شناسهٔ ملی: ۱۰۱۰۱۲۳۴۵۶۷');
    expect(buyer).toContain('کد اقتصادی: ۱۰۱۰۱۲۳۴۵۶۷');
    expect(buyer).toContain('شمارهٔ ثبت: ۹۸۷۶۵');
    expect(buyer).toContain('کد پستی: ۸۱۳۴۵۶۷۸۹۰');
    expect(buyer).toContain('نشانی: اصفهان، خیابان چهارباغ، کوچهٔ ۳');
    expect(buyer).toContain('ایمیل: billing@example.ir');
    expect(buyer).not.toContain('کد ملی');
  });

  test('the seller block names the seller with its legal details', () => {
    const sellerBlock = blockWith(render(invoice), 'section', 'مشخصات فروشنده');
    expect(sellerBlock).toContain('نام: شرکت ویترین ابر پارس');
    expect(sellerBlock).toContain('کد اقتصادی: ۴۱۱۱۲۲۲۲۳۳۳۳');
    expect(sellerBlock).toContain('تلفن: ۰۲۱۸۸۷۷۶۶۵۵');
  });

  test('a person buyer shows a name and no company details', () => {
    const person = render({
      ...invoice,
      buyer: {
        kind: 'person',
        name: 'مریم احمدی',
        email: 'maryam@example.ir',
        nationalCode: '0012345679',
        nationalId: null,
        economicNumber: null,
        registrationNumber: null,
        address: null,
        postalCode: null,
      },
    });
    const buyer = blockWith(person, 'section', 'مشخصات خریدار');
    expect(buyer).toContain('مشخصات خریدار (شخص حقیقی)');
    expect(buyer).toContain('نام: مریم احمدی');
    expect(buyer).toContain('کد ملی: ۰۰۱۲۳۴۵۶۷۹');
    expect(buyer).not.toContain('شناسهٔ ملی');
    expect(buyer).not.toContain('کد اقتصادی');
  });

  test('each line in Rial: price, discount, net, its VAT with the rate under it, and total', () => {
    const [taxed, exempt] = tableRows(render(invoice));
    expect(taxed).toBe(
      '۱ هاست لینوکس پایه، سالانه، example.ir ۱ ۱۲٬۰۰۰٬۰۰۰ ۱٬۲۰۰٬۰۰۰ ۱۰٬۸۰۰٬۰۰۰ ۱٬۰۸۰٬۰۰۰ ۱۰٪ ۱۱٬۸۸۰٬۰۰۰',
    );
    expect(exempt).toBe('۲ آموزش راه‌اندازی فروشگاه ۱ ۵٬۰۰۰٬۰۰۰ ۰ ۵٬۰۰۰٬۰۰۰ ۰ معاف ۵٬۰۰۰٬۰۰۰');
  });

  test('the lines table names its columns as an invoice does', () => {
    const html = render(invoice);
    const head = textOf(html.slice(html.indexOf('<thead'), html.indexOf('</thead>')));
    expect(head).toBe('ردیف شرح تعداد مبلغ واحد تخفیف مبلغ پس از تخفیف مالیات بر ارزش افزوده جمع');
    expect(textOf(html)).toContain('مبلغ‌ها به ریال است.');
  });

  test('the totals in Rial, the amount to pay in Toman beside it, and in words', () => {
    const html = render(invoice);
    const totals = blockWith(html, 'dl', 'جمع مالیات بر ارزش افزوده');
    expect(totals).toBe(
      [
        'جمع مبلغ پیش از تخفیف ۱۷٬۰۰۰٬۰۰۰ ریال',
        'جمع تخفیف ۱٬۲۰۰٬۰۰۰ ریال',
        'جمع مبلغ پس از تخفیف ۱۵٬۸۰۰٬۰۰۰ ریال',
        'جمع مالیات بر ارزش افزوده ۱٬۰۸۰٬۰۰۰ ریال',
        'مبلغ قابل پرداخت ۱۶٬۸۸۰٬۰۰۰ ریال (۱٬۶۸۸٬۰۰۰ تومان)',
      ].join(' '),
    );
    expect(textOf(html)).toContain(
      'مبلغ قابل پرداخت به حروف: شانزده میلیون و هشتصد و هشتاد هزار ریال',
    );
    // The page labels the server's note, as the PDF does.
    expect(textOf(html)).toContain('روش پرداخت: درگاه زیبال ۱۶٬۸۸۰٬۰۰۰ ریال، کد پیگیری ۷۷۸۸۹۹');
  });

  test('a credit note refers to its invoice and says what was returned', () => {
    const html = render({
      ...invoice,
      id: 'doc-2',
      kind: 'credit-note',
      title: 'برگشت از فروش',
      number: 'C1405-000007',
      refersTo: { id: 'doc-1', number: 'S1405-000123' },
      note: 'بازپرداخت بخشی از سفارش به درخواست مشتری',
    });
    expect(textOf(html)).toContain('عطف به صورتحساب شمارهٔ S1405-000123');
    expect(blockWith(html, 'dl', 'جمع مالیات')).toContain(
      'مبلغ برگشتی ۱۶٬۸۸۰٬۰۰۰ ریال (۱٬۶۸۸٬۰۰۰ تومان)',
    );
    expect(textOf(html)).toContain('مبلغ برگشتی به حروف:');
    expect(textOf(html)).toContain('توضیحات: بازپرداخت بخشی از سفارش به درخواست مشتری');
  });

  test('an accepted invoice prints its tax id left to right, and says where it stands', () => {
    const html = render({
      ...invoice,
      taxId: TAX_ID,
      taxSystem: { status: 'accepted', label: 'پذیرفته‌شده' },
    });
    expect(blockWith(html, 'dl', 'شماره')).toContain(`شمارهٔ مالیاتی: ${TAX_ID}`);
    // Isolated left to right: its Latin letters and digits read in the order they were issued.
    expect(html).toMatch(new RegExp(`<bdi dir="ltr"[^>]*>${TAX_ID}</bdi>`));
    expect(textOf(html)).toContain('وضعیت در سامانهٔ مودیان: پذیرفته‌شده');
  });

  test('an invoice not accepted yet has no tax id, only its state in the tax system', () => {
    const html = render(invoice);
    expect(textOf(html)).not.toContain('شمارهٔ مالیاتی');
    expect(textOf(html)).toContain('وضعیت در سامانهٔ مودیان: در انتظار ارسال');
  });

  test('a credit note says where it stands in the tax system; a receipt, never sent, does not', () => {
    const note = render({
      ...invoice,
      kind: 'credit-note',
      title: 'برگشت از فروش',
      number: 'C1405-000007',
      refersTo: { id: 'doc-1', number: 'S1405-000123' },
      taxSystem: { status: 'rejected', label: 'ردشده' },
    });
    expect(textOf(note)).toContain('وضعیت در سامانهٔ مودیان: ردشده');
    const receipt = render({
      ...invoice,
      kind: 'receipt',
      title: 'رسید دریافت وجه',
      number: 'R1405-000003',
      order: null,
      taxSystem: { status: 'not-applicable', label: 'ارسال نمی‌شود' },
    });
    expect(textOf(receipt)).not.toContain('سامانهٔ مودیان');
    expect(textOf(receipt)).not.toContain('شمارهٔ مالیاتی');
  });

  test('a pro-forma has no number and is named by its order', () => {
    const html = render({
      ...invoice,
      kind: 'proforma',
      title: 'پیش‌فاکتور',
      number: null,
      taxSystem: null,
    });
    const facts = blockWith(html, 'dl', 'تاریخ');
    expect(facts).not.toContain('شماره:');
    expect(facts).toContain('شمارهٔ سفارش: ۱۰۴۲');
    expect(html).toContain('aria-label="پیش‌فاکتور سفارش ۱۰۴۲"');
    expect(textOf(html)).not.toContain('سامانهٔ مودیان');
  });
});
