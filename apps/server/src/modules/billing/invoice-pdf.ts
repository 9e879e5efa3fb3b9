import { createRequire } from 'node:module';
import path from 'node:path';
import type {
  BillingDocument,
  BillingDocumentKind,
  BillingDocumentLine,
  BuyerParty,
  SellerParty,
} from '@vitrin/contracts';
import { formatAmount, formatJalaliDate, toPersianDigits } from '@vitrin/fa';
import bidiFactory from 'bidi-js';
import PDFDocument from 'pdfkit';

type Pdf = PDFKit.PDFDocument;

// Vazirmatn ships in its npm package. Resolving that package from this module finds
// node_modules from src (tsx, vitest) and from the bundled dist/main.js alike, as build.mjs keeps
// every npm dependency external.
const FONT_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vazirmatn/package.json')),
  'fonts',
  'ttf',
);

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const RIGHT = A4.width - MARGIN;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const BOTTOM = A4.height - MARGIN - 16; // the page number sits below
const PAD = 4;
// Vazirmatn's ascent plus descent is 1.56 em.
const LINE_HEIGHT = 1.6;
const BORDER = '#4a4a4a';
const SHADE = '#e8e8e8';

type Style = { face: 'regular' | 'bold'; size: number; color?: string };
const BODY: Style = { face: 'regular', size: 8.5 };
const LABEL: Style = { face: 'bold', size: 8.5 };
const CELL: Style = { face: 'regular', size: 8 };
const HEAD: Style = { face: 'bold', size: 7.5 };
const NOTE: Style = { face: 'regular', size: 7, color: '#555555' };
const TITLE: Style = { face: 'bold', size: 15 };

type Align = 'right' | 'center' | 'left';

/** The line table's columns, from the right: ردیف is the rightmost, شرح takes what is left. */
const COLUMNS = [
  { title: 'ردیف', width: 24 },
  { title: 'شرح', width: 0 },
  { title: 'تعداد', width: 30 },
  { title: 'مبلغ واحد', width: 62 },
  { title: 'تخفیف', width: 56 },
  { title: 'مبلغ پس از تخفیف', width: 64 },
  { title: 'مالیات بر ارزش افزوده', width: 62 },
  { title: 'جمع', width: 70 },
];

const TOTAL_LABELS: Record<BillingDocumentKind, string> = {
  proforma: 'مبلغ قابل پرداخت',
  sales: 'مبلغ قابل پرداخت',
  'credit-note': 'مبلغ برگشتی',
  receipt: 'مبلغ دریافتی',
};

/** Draws a billing document as an A4 PDF, right to left, amounts in Rial with Persian digits. */
export async function renderBillingDocumentPdf(document: BillingDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: 'fa-IR',
    displayTitle: true,
    info: { Title: document.title, Author: document.seller.legalName },
  });
  doc.registerFont('regular', path.join(FONT_DIR, 'Vazirmatn-Regular.ttf'));
  doc.registerFont('bold', path.join(FONT_DIR, 'Vazirmatn-Bold.ttf'));
  doc.lineWidth(0.6).strokeColor(BORDER);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let y = drawHeading(doc, document);
  y = drawParty(doc, y + 10, 'مشخصات فروشنده', sellerFields(document.seller));
  y = drawParty(doc, y + 6, 'مشخصات خریدار', buyerFields(document.buyer));
  y = drawLineTable(doc, y + 10, document.lines);
  y = drawTotals(doc, y + 8, document);
  drawSignatures(doc, y + 8);
  drawPageNumbers(doc, document);

  doc.end();
  return ended;
}

function drawHeading(doc: Pdf, document: BillingDocument): number {
  let y = MARGIN;
  y += drawText(doc, document.title, MARGIN, y, CONTENT_WIDTH, TITLE, 'center');
  if (document.refersTo) {
    const reference = `عطف به صورتحساب شمارهٔ ${document.refersTo.number}`;
    y += drawText(doc, reference, MARGIN, y, CONTENT_WIDTH, BODY, 'center');
  }
  const fields: Field[] = [
    { label: 'شماره', value: document.number },
    { label: 'تاریخ', value: formatJalaliDate(document.issuedAt) },
    { label: 'شمارهٔ سفارش', value: document.order && toPersianDigits(document.order.number) },
    // Once the tax organisation accepted it (issue 39): its tax id, as the organisation reads it.
    { label: 'شمارهٔ مالیاتی', value: document.taxId, wide: true },
  ];
  return drawFields(doc, y + 6, fields);
}

type Field = { label: string; value: string | null; wide?: boolean };

function sellerFields(seller: SellerParty): Field[] {
  return [
    { label: 'نام', value: seller.legalName },
    { label: 'شناسه ملی', value: toPersianDigits(seller.nationalId) },
    { label: 'کد اقتصادی', value: toPersianDigits(seller.economicNumber) },
    { label: 'شماره ثبت', value: toPersianDigits(seller.registrationNumber) },
    { label: 'کد پستی', value: toPersianDigits(seller.postalCode) },
    { label: 'تلفن', value: toPersianDigits(seller.phone) },
    { label: 'نشانی', value: seller.address, wide: true },
  ];
}

function buyerFields(buyer: BuyerParty): Field[] {
  const digits = (value: string | null) => value && toPersianDigits(value);
  return [
    { label: 'نام', value: buyer.name },
    { label: 'کد ملی', value: digits(buyer.nationalCode) },
    { label: 'شناسه ملی', value: digits(buyer.nationalId) },
    { label: 'کد اقتصادی', value: digits(buyer.economicNumber) },
    { label: 'شماره ثبت', value: digits(buyer.registrationNumber) },
    { label: 'کد پستی', value: digits(buyer.postalCode) },
    { label: 'ایمیل', value: buyer.email },
    { label: 'نشانی', value: buyer.address, wide: true },
  ];
}

function drawParty(doc: Pdf, y: number, heading: string, fields: Field[]): number {
  const top = y + drawBand(doc, y, heading);
  const bottom = drawFields(doc, top + PAD, fields) + PAD;
  doc.rect(MARGIN, top, CONTENT_WIDTH, bottom - top).stroke();
  return bottom;
}

/** Lays fields out three to a row from the right, a wide one (an address) on a row of its own. */
function drawFields(doc: Pdf, y: number, fields: Field[]): number {
  const rows: Field[][] = [];
  for (const field of fields.filter((each) => each.value)) {
    const row = rows.at(-1);
    if (!row || row.length === 3 || field.wide || row[0]?.wide) rows.push([field]);
    else row.push(field);
  }
  const columnWidth = (CONTENT_WIDTH - 2 * PAD) / 3;
  for (const row of rows) {
    const heights = row.map((field, column) => {
      const width = field.wide ? CONTENT_WIDTH - 2 * PAD : columnWidth;
      return drawField(doc, field, RIGHT - PAD - column * columnWidth - width, y, width - 2 * PAD);
    });
    y += Math.max(...heights);
  }
  return y;
}

function drawField(doc: Pdf, field: Field, x: number, y: number, width: number): number {
  const label = `${field.label}:`;
  const labelWidth = lineWidth(doc, label, LABEL) + 3;
  drawText(doc, label, x + width - labelWidth, y, labelWidth, LABEL);
  return drawText(doc, field.value ?? '', x, y, width - labelWidth, BODY);
}

/** The lines' table; when a row does not fit, it goes on a new page under a repeated header. */
function drawLineTable(doc: Pdf, y: number, lines: BillingDocumentLine[]): number {
  const [first] = lines;
  if (!first) return y; // a wallet top-up's receipt
  const header = tableRow(
    COLUMNS.map((column) => column.title),
    true,
  );
  const bandHeight = lineHeight(LABEL) + 2 * PAD;
  const firstRowHeight = cellsHeight(doc, tableRow(lineTexts(first)));
  y = spaceFor(doc, y, bandHeight + cellsHeight(doc, header) + firstRowHeight);
  y += drawBand(doc, y, 'مشخصات کالا یا خدمات', 'مبالغ به ریال');
  y += drawCells(doc, y, header, SHADE);
  for (const line of lines) {
    const row = tableRow(lineTexts(line));
    if (y + cellsHeight(doc, row) > BOTTOM) {
      doc.addPage();
      y = MARGIN + drawCells(doc, MARGIN, header, SHADE);
    }
    y += drawCells(doc, y, row);
  }
  return y;
}

function lineTexts(line: BillingDocumentLine): string[] {
  // «۱۰ درصد» in words: a '٪' beside Persian digits lands on whichever side bidi picks.
  const percent = toPersianDigits(String(line.vatRatePercent).replace('.', '٫'));
  const rate = line.vatRatePercent === 0 ? 'معاف' : `نرخ ${percent} درصد`;
  return [
    toPersianDigits(line.position),
    line.description,
    toPersianDigits(line.quantity),
    formatAmount(line.unitPriceRial),
    formatAmount(line.discountRial),
    formatAmount(line.netRial),
    `${formatAmount(line.vatRial)}\n${rate}`,
    formatAmount(line.totalRial),
  ];
}

function tableRow(texts: string[], isHeader = false): Cell[] {
  const descriptionWidth = CONTENT_WIDTH - sum(COLUMNS.map((column) => column.width));
  let right = RIGHT;
  return COLUMNS.map((column, index) => {
    const width = column.width || descriptionWidth;
    right -= width;
    const isDescription = !column.width && !isHeader;
    return {
      x: right,
      width,
      text: texts[index] ?? '',
      style: isHeader ? HEAD : CELL,
      align: isDescription ? 'right' : 'center',
      // A number shrinks to fit its column rather than break across lines.
      fit: !isDescription && !isHeader,
    };
  });
}

function drawTotals(doc: Pdf, y: number, document: BillingDocument): number {
  const { totals } = document;
  const totalLabel = TOTAL_LABELS[document.kind];
  const rows: [string, number][] = [
    ['جمع مبلغ پیش از تخفیف', totals.grossRial],
    ['جمع تخفیف', totals.discountRial],
    ['جمع مبلغ پس از تخفیف', totals.netRial],
    ['جمع مالیات بر ارزش افزوده', totals.vatRial],
    [`${totalLabel} (ریال)`, totals.totalRial],
  ];
  // The amounts sit under the table's جمع column, their labels under the two columns beside it.
  const valueWidth = 70;
  const labelWidth = 62 + 64;
  const totalsCells = rows.map(([label, amount], index): Cell[] => {
    const style = index === rows.length - 1 ? LABEL : BODY;
    return [
      { x: MARGIN + valueWidth, width: labelWidth, text: label, style, align: 'right' },
      {
        x: MARGIN,
        width: valueWidth,
        text: formatAmount(amount),
        style,
        align: 'center',
        fit: true,
      },
    ];
  });
  const notes = [
    `${totalLabel} به حروف: ${document.totalInWords}`,
    document.paymentNote && `روش پرداخت: ${document.paymentNote}`,
    document.note && `توضیحات: ${document.note}`,
  ].filter((text): text is string => Boolean(text));
  const notesX = MARGIN + valueWidth + labelWidth + 8;
  const notesWidth = RIGHT - notesX;
  const notesHeight =
    sum(notes.map((text) => textHeight(doc, text, notesWidth - 2 * PAD, BODY))) + 2 * PAD;
  const height = Math.max(notesHeight, sum(totalsCells.map((row) => cellsHeight(doc, row))));
  y = spaceFor(doc, y, height);

  let rowY = y;
  totalsCells.forEach((row, index) => {
    rowY += drawCells(doc, rowY, row, index === totalsCells.length - 1 ? SHADE : undefined);
  });
  doc.rect(notesX, y, notesWidth, height).stroke();
  let noteY = y + PAD;
  for (const text of notes) {
    noteY += drawText(doc, text, notesX + PAD, noteY, notesWidth - 2 * PAD, BODY);
  }
  return y + height;
}

function drawSignatures(doc: Pdf, y: number): void {
  const height = 64;
  const width = (CONTENT_WIDTH - 8) / 2;
  y = spaceFor(doc, y, height);
  const boxes: [string, number][] = [
    ['مهر و امضای فروشنده', RIGHT - width],
    ['مهر و امضای خریدار', MARGIN],
  ];
  for (const [label, x] of boxes) {
    doc.rect(x, y, width, height).stroke();
    drawText(doc, label, x + PAD, y + PAD, width - 2 * PAD, BODY, 'center');
  }
}

function drawPageNumbers(doc: Pdf, document: BillingDocument): void {
  const { start, count } = doc.bufferedPageRange();
  const name = [document.title, document.number].filter(Boolean).join(' ');
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    const text = `${name} — صفحهٔ ${toPersianDigits(page + 1)} از ${toPersianDigits(count)}`;
    drawText(doc, text, MARGIN, A4.height - MARGIN - 8, CONTENT_WIDTH, NOTE, 'center');
  }
}

function drawBand(doc: Pdf, y: number, title: string, note?: string): number {
  const height = lineHeight(LABEL) + 2 * PAD;
  doc.rect(MARGIN, y, CONTENT_WIDTH, height).fillAndStroke(SHADE, BORDER);
  drawText(doc, title, MARGIN + PAD, y + PAD, CONTENT_WIDTH - 2 * PAD, LABEL);
  if (note) {
    const noteY = y + (height - lineHeight(NOTE)) / 2;
    drawText(doc, note, MARGIN + PAD, noteY, CONTENT_WIDTH - 2 * PAD, NOTE, 'left');
  }
  return height;
}

function spaceFor(doc: Pdf, y: number, height: number): number {
  if (y + height <= BOTTOM) return y;
  doc.addPage();
  return MARGIN;
}

// Table cells: bordered boxes in one row, each text centred vertically.

type Cell = { x: number; width: number; text: string; style: Style; align: Align; fit?: boolean };

function cellsHeight(doc: Pdf, cells: Cell[]): number {
  const heights = cells.map(
    (cell) => textHeight(doc, cell.text, cell.width - 2 * PAD, cellStyle(doc, cell)) + 2 * PAD,
  );
  return Math.max(...heights);
}

function drawCells(doc: Pdf, y: number, cells: Cell[], fill?: string): number {
  const height = cellsHeight(doc, cells);
  for (const cell of cells) {
    doc.rect(cell.x, y, cell.width, height);
    if (fill) doc.fillAndStroke(fill, BORDER);
    else doc.stroke();
    const style = cellStyle(doc, cell);
    const width = cell.width - 2 * PAD;
    const top = y + (height - textHeight(doc, cell.text, width, style)) / 2;
    drawText(doc, cell.text, cell.x + PAD, top, width, style, cell.align);
  }
  return height;
}

function cellStyle(doc: Pdf, cell: Cell): Style {
  if (!cell.fit) return cell.style;
  const widest = Math.max(...cell.text.split('\n').map((line) => lineWidth(doc, line, cell.style)));
  const room = cell.width - 2 * PAD;
  return widest <= room ? cell.style : { ...cell.style, size: (cell.style.size * room) / widest };
}

// Right-to-left text. pdfkit hands text to fontkit, which shapes Arabic script (joining forms,
// the لا ligature) but does no bidi: pdfkit lays text out word by word, puts the words left to
// right, and fontkit lays a word out right to left exactly when its first character of a script
// other than Common/Inherited is Arabic script (Persian digits and '٬' count). So each line goes
// through the Unicode bidi algorithm (bidi-js) and is handed to pdfkit one word at a time, in
// the order the words are seen from the left. Joining never crosses a space, so shaping word by
// word is exact, and pdfkit caches each word's layout.

const bidi = bidiFactory();
const FONTKIT_LAYS_OUT_RTL = /^[\p{Script=Common}\p{Script=Inherited}]*\p{Script=Arabic}/u;

/** Draws text wrapped to a width, line by line; returns the height it took. */
function drawText(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  style: Style,
  align: Align = 'right',
): number {
  const lines = wrap(doc, text, width, style);
  useStyle(doc, style);
  lines.forEach((line, index) => {
    const words = visualWords(line);
    const room = width - sum(words.map((word) => doc.widthOfString(word)));
    let left = x + (align === 'left' ? 0 : align === 'center' ? room / 2 : room);
    for (const word of words) {
      if (word !== ' ') doc.text(word, left, y + index * lineHeight(style), { lineBreak: false });
      left += doc.widthOfString(word);
    }
  });
  return lines.length * lineHeight(style);
}

function textHeight(doc: Pdf, text: string, width: number, style: Style): number {
  return wrap(doc, text, width, style).length * lineHeight(style);
}

function lineHeight(style: Style): number {
  return style.size * LINE_HEIGHT;
}

function useStyle(doc: Pdf, style: Style): void {
  doc
    .font(style.face)
    .fontSize(style.size)
    .fillColor(style.color ?? '#000000');
}

function lineWidth(doc: Pdf, line: string, style: Style): number {
  useStyle(doc, style);
  return sum(visualWords(line).map((word) => doc.widthOfString(word)));
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** Breaks text into lines at spaces (and at '\n'); a word wider than the line is broken too. */
function wrap(doc: Pdf, text: string, width: number, style: Style): string[] {
  const space = lineWidth(doc, ' ', style);
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(/\s+/).filter(Boolean);
    let line = '';
    let used = 0;
    for (const word of words.flatMap((each) => splitToFit(doc, each, width, style))) {
      const wordWidth = lineWidth(doc, word, style);
      if (line && used + space + wordWidth <= width) {
        line += ` ${word}`;
        used += space + wordWidth;
      } else {
        if (line) lines.push(line);
        line = word;
        used = wordWidth;
      }
    }
    lines.push(line);
  }
  return lines;
}

function splitToFit(doc: Pdf, word: string, width: number, style: Style): string[] {
  if (lineWidth(doc, word, style) <= width) return [word];
  const pieces = [''];
  for (const character of word) {
    const last = pieces.length - 1;
    if (pieces[last] && lineWidth(doc, pieces[last] + character, style) > width) pieces.push('');
    pieces[pieces.length - 1] += character;
  }
  return pieces;
}

/**
 * Splits a line into words and spaces in the order they are seen from the left, each word spelt
 * so fontkit lays it out the right way round. A word whose direction fontkit would guess wrong
 * is handed over reversed: Persian digits in a left-to-right number, a bracket in right-to-left
 * text. Such a word holds no joining letters, so reversing its characters is safe.
 */
function visualWords(line: string): string[] {
  const embedding = bidi.getEmbeddingLevels(line, 'rtl');
  const mirrored = bidi.getMirroredCharactersMap(line, embedding.levels);
  // Runs of one direction, as bidi-js orders the characters for display.
  const runs: { start: number; end: number; rtl: boolean }[] = [];
  for (const index of bidi.getReorderedIndices(line, embedding)) {
    const rtl = (embedding.levels[index] ?? 1) % 2 === 1;
    const run = runs.at(-1);
    if (run?.rtl === rtl && index === (rtl ? run.start - 1 : run.end + 1)) {
      if (rtl) run.start = index;
      else run.end = index;
    } else runs.push({ start: index, end: index, rtl });
  }
  return runs.flatMap(({ start, end, rtl }) => {
    let text = '';
    for (let index = start; index <= end; index += 1) text += mirrored.get(index) ?? line[index];
    const words = text.split(/( )/).filter(Boolean);
    return (rtl ? words.reverse() : words).map((word) =>
      FONTKIT_LAYS_OUT_RTL.test(word) === rtl ? word : [...word].reverse().join(''),
    );
  });
}
