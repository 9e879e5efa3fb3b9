import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BILLING_DOCUMENT_TITLES,
  type BillingDocument,
  type BillingDocumentLine,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { beforeAll, describe, expect, test } from 'vitest';
import { rialInWords } from '../../lib/amount-in-words';
import { paymentNoteOf } from './documents.service';
import { renderBillingDocumentPdf } from './invoice-pdf';

// pdftotext and pdftoppm come from poppler-utils, which .ci/run installs.

const seller: BillingDocument['seller'] = {
  legalName: 'شرکت ویترین پارس',
  nationalId: '10320894567',
  economicNumber: '411111111111',
  registrationNumber: '512345',
  address: 'تهران، خیابان ولیعصر، کوچهٔ نهم، پلاک ۱۲، واحد ۳',
  postalCode: '1517654321',
  phone: '02188776655',
};

const salesInvoice: BillingDocument = {
  id: 'doc_sales_1',
  kind: 'sales',
  title: BILLING_DOCUMENT_TITLES.sales,
  number: 'S1405-000123',
  issuedAt: '2026-04-04T08:30:00.000Z',
  order: { id: 'ord_1', number: 1042 },
  refersTo: null,
  // Accepted by the tax system (issue 39): the tax id of the API guide's worked example.
  taxId: 'A1121604C220002F095011',
  taxSystem: { status: 'accepted', label: 'پذیرفته‌شده' },
  seller,
  buyer: {
    kind: 'company',
    name: 'شرکت نوآوران داده آریا',
    email: 'finance@arya-data.ir',
    nationalCode: null,
    nationalId: '14009876543',
    economicNumber: '411987654321',
    registrationNumber: '604321',
    address: 'اصفهان، خیابان چهارباغ بالا، ساختمان نگین، طبقهٔ ۴',
    postalCode: '8174673111',
  },
  lines: [
    {
      position: 1,
      description: 'میزبانی وب پلن حرفه‌ای، یک‌ساله، برای دامنهٔ example.ir با پشتیبانی ویژه',
      quantity: 1,
      unitPriceRial: 48_000_000,
      grossRial: 48_000_000,
      discountRial: 4_800_000,
      netRial: 43_200_000,
      vatRatePercent: 10,
      vatRial: 4_320_000,
      totalRial: 47_520_000,
    },
    {
      position: 2,
      description: 'ثبت دامنهٔ arya-data.ir برای یک سال',
      quantity: 2,
      unitPriceRial: 1_250_000,
      grossRial: 2_500_000,
      discountRial: 0,
      netRial: 2_500_000,
      vatRatePercent: 0,
      vatRial: 0,
      totalRial: 2_500_000,
    },
    {
      position: 3,
      description: 'قالب فروشگاهی «آوا» با نصب و راه‌اندازی',
      quantity: 1,
      unitPriceRial: 15_000_000,
      grossRial: 15_000_000,
      discountRial: 0,
      netRial: 15_000_000,
      vatRatePercent: 10,
      vatRial: 1_500_000,
      totalRial: 16_500_000,
    },
  ],
  totals: {
    grossRial: 65_500_000,
    discountRial: 4_800_000,
    netRial: 60_700_000,
    vatRial: 5_820_000,
    totalRial: 66_520_000,
  },
  totalInWords: rialInWords(66_520_000),
  paymentNote: 'درگاه زرین‌پال ۶۶٬۵۲۰٬۰۰۰ ریال، کد پیگیری ۹۸۷۶۵۴۳۲۱',
  note: null,
};

const creditNote: BillingDocument = {
  ...salesInvoice,
  id: 'doc_credit_1',
  kind: 'credit-note',
  title: BILLING_DOCUMENT_TITLES['credit-note'],
  number: 'C1405-000007',
  issuedAt: '2026-04-20T10:00:00.000Z',
  refersTo: { id: 'doc_sales_1', number: 'S1405-000123' },
  buyer: {
    kind: 'person',
    name: 'مریم احمدی',
    email: 'maryam@example.com',
    nationalCode: '0012345678',
    nationalId: null,
    economicNumber: null,
    registrationNumber: null,
    address: null,
    postalCode: null,
  },
  lines: [salesInvoice.lines[2] as BillingDocument['lines'][number]],
  totals: {
    grossRial: 15_000_000,
    discountRial: 0,
    netRial: 15_000_000,
    vatRial: 1_500_000,
    totalRial: 16_500_000,
  },
  totalInWords: rialInWords(16_500_000),
  paymentNote: null,
  note: 'انصراف خریدار از قالب پیش از راه‌اندازی',
};

const workDir = mkdtempSync(path.join(tmpdir(), 'invoice-pdf-'));

async function renderToFile(document: BillingDocument, name: string): Promise<string> {
  const file = path.join(workDir, `${name}.pdf`);
  writeFileSync(file, await renderBillingDocumentPdf(document));
  return file;
}

/** Page 1 as a PNG in the temp folder (/tmp/invoice-sample-sales-1.png), for a person to look at. */
function savePreview(file: string, name: string): void {
  const prefix = path.join(tmpdir(), `invoice-sample-${name}`);
  execFileSync('pdftoppm', ['-png', '-r', '110', '-f', '1', '-l', '1', file, prefix]);
}

// pdftotext's default mode gives right-to-left lines in logical order, wrapped in embedding marks.
// Three things read back otherwise than they are drawn: pdftotext reverses the two letters of the
// لا ligature's glyph and puts the hamza of ـهٔ before its letter, and fontkit draws a zero-width
// non-joiner as a space of no width, which reads back as nothing. `asExtracted` applies them to
// what we expect; the page itself shows all three right (see the PNG).
function pagesOf(file: string): string[] {
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  return text
    .replace(/[\u202a-\u202e]/g, '')
    .split('\f')
    .slice(0, -1);
}

function asExtracted(expected: string): string {
  return expected.replaceAll('لا', 'ال').replaceAll('\u200c', '').replaceAll('هٔ', 'ٔه');
}

type Word = { text: string; xMin: number; yMin: number };

/** Page 1's words where they are drawn (`pdftotext -bbox`); a Persian word is spelt as drawn. */
function wordsOf(file: string): Word[] {
  const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], {
    encoding: 'utf8',
  });
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map(
    ([, xMin, yMin, text]) => ({ text: text ?? '', xMin: Number(xMin), yMin: Number(yMin) }),
  );
}

function wordAt(words: Word[], text: string, near?: Word): Word {
  const drawn = [...text].reverse().join('');
  const found = words.filter(
    (word) =>
      (word.text === text || word.text === drawn) && (!near || Math.abs(word.yMin - near.yMin) < 3),
  );
  expect(found, `the word ${text}`).toHaveLength(1);
  return found[0] as Word;
}

function line(position: number, description: string): BillingDocumentLine {
  return {
    position,
    description,
    quantity: 1,
    unitPriceRial: 1_000_000,
    grossRial: 1_000_000,
    discountRial: 0,
    netRial: 1_000_000,
    vatRatePercent: 10,
    vatRial: 100_000,
    totalRial: 1_100_000,
  };
}

describe('a billing document is drawn as a right-to-left PDF', () => {
  beforeAll(() => {
    if (spawnSync('pdftotext', ['-v']).error) {
      throw new Error('pdftotext is missing: apt-get install -y poppler-utils (as .ci/run does)');
    }
  });

  test('a sales invoice reads back in logical order: title, buyer, number, totals, amount in words', async () => {
    const file = await renderToFile(salesInvoice, 'sales');
    savePreview(file, 'sales');
    const pages = pagesOf(file);
    expect(pages).toHaveLength(1);
    const text = pages[0] ?? '';

    expect(text).toContain(asExtracted('صورتحساب فروش کالا و خدمات'));
    expect(text).toContain('شرکت نوآوران داده آریا');
    expect(text).toContain('شرکت ویترین پارس');
    expect(text).toContain('S1405-000123');
    expect(text).toContain('A1121604C220002F095011'); // its tax id, once accepted (issue 39)
    expect(text).toContain(asExtracted('شمارهٔ مالیاتی'));
    expect(text).toContain('۱۴۰۵/۰۱/۱۵'); // 2026-04-04 in Tehran
    expect(text).toContain('finance@arya-data.ir');
    expect(text).toContain('۱۴۰۰۹۸۷۶۵۴۳'); // the buyer's شناسه ملی
    expect(text).toContain('مبلغ قابل پرداخت به حروف');
    expect(text).toContain('شصت و شش میلیون و پانصد و بیست هزار ریال');
    expect(text).toContain('روش پرداخت');
    expect(text).toContain(asExtracted('درگاه زرین‌پال'));
    for (const amount of ['۶۵٬۵۰۰٬۰۰۰', '۴٬۸۰۰٬۰۰۰', '۶۰٬۷۰۰٬۰۰۰', '۵٬۸۲۰٬۰۰۰', '۶۶٬۵۲۰٬۰۰۰']) {
      expect(text).toContain(amount);
    }
    expect(text).toContain('معاف'); // the 0% line
    expect(text).not.toContain('کد ملی'); // a company has a شناسه ملی, not a person's code
  });

  test('amounts in the payment note carry the Persian separator too, never a Latin comma', async () => {
    // Issue 35: the note was grouped apart from the rest («۱,۶۵۰,۰۰۰ ریال»).
    const paymentNote = paymentNoteOf(1_650_000, [
      { gateway: 'card-to-card', amountRial: 64_870_000, referenceId: '481239770' },
    ]);
    expect(paymentNote).toBe(
      'از اعتبار کیف پول ۱٬۶۵۰٬۰۰۰ ریال؛ کارت به کارت ۶۴٬۸۷۰٬۰۰۰ ریال، کد پیگیری ۴۸۱۲۳۹۷۷۰',
    );
    const text = pagesOf(await renderToFile({ ...salesInvoice, paymentNote }, 'payment-note'))[0];
    expect(text).toContain('۱٬۶۵۰٬۰۰۰');
    expect(text).toContain('۶۴٬۸۷۰٬۰۰۰');
    expect(text).not.toMatch(/[0-9۰-۹],[0-9۰-۹]/);
  });

  test('right to left: ردیف is the rightmost column and a Latin domain keeps its place in a Persian line', async () => {
    const words = wordsOf(await renderToFile(salesInvoice, 'sales-layout'));

    const columns = ['ردیف', 'شرح', 'تعداد', 'تخفیف', 'جمع'].map((title) =>
      wordAt(words, title, wordAt(words, 'شرح')),
    );
    const xs = columns.map((word) => word.xMin);
    expect(xs).toEqual([...xs].sort((a, b) => b - a));

    // «ثبت دامنهٔ arya-data.ir برای یک سال» is read from the right.
    const domain = wordAt(words, 'arya-data.ir');
    const sentence = ['ثبت', 'arya-data.ir', 'برای', 'یک', 'سال'].map((text) =>
      wordAt(words, text, domain),
    );
    const sentenceXs = sentence.map((word) => word.xMin);
    expect(sentenceXs).toEqual([...sentenceXs].sort((a, b) => b - a));
  });

  test('a credit note names the invoice it refers to, and its reason', async () => {
    const file = await renderToFile(creditNote, 'credit-note');
    savePreview(file, 'credit-note');
    const text = pagesOf(file).join('');

    expect(text).toContain('برگشت از فروش');
    expect(text).toContain('C1405-000007');
    expect(text).toContain(asExtracted('عطف به صورتحساب شمارهٔ'));
    expect(text).toContain('S1405-000123');
    expect(text).toContain('مریم احمدی');
    expect(text).toContain('۰۰۱۲۳۴۵۶۷۸'); // کد ملی
    expect(text).toContain('مبلغ برگشتی به حروف');
    expect(text).toContain('شانزده میلیون و پانصد هزار ریال');
    expect(text).toContain(asExtracted('انصراف خریدار از قالب پیش از راه‌اندازی'));
  });

  test('many lines flow onto further pages with the table header repeated and no line lost', async () => {
    const lines = Array.from({ length: 45 }, (_, index) =>
      line(
        index + 1,
        `میزبانی وب پلن پایه برای دامنهٔ site${index + 1}.ir، تمدید یک‌ساله همراه با گواهی امنیتی و پشتیبانی`,
      ),
    );
    const document: BillingDocument = {
      ...salesInvoice,
      lines,
      totals: {
        grossRial: 45_000_000,
        discountRial: 0,
        netRial: 45_000_000,
        vatRial: 4_500_000,
        totalRial: 49_500_000,
      },
      totalInWords: rialInWords(49_500_000),
    };
    const pages = pagesOf(await renderToFile(document, 'long'));

    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain('مبلغ واحد');
      const pageNumber = `${toPersianDigits(index + 1)}\\s*از\\s*${toPersianDigits(pages.length)}`;
      expect(page).toMatch(new RegExp(pageNumber));
    });
    const text = pages.join('');
    for (let position = 1; position <= lines.length; position += 1) {
      expect(text.split(`site${position}.ir`)).toHaveLength(2);
    }
    expect(pages.at(-1)).toContain('۴۹٬۵۰۰٬۰۰۰');
    expect(pages.at(-1)).toContain('چهل و نه میلیون و پانصد هزار ریال');
  });
});
