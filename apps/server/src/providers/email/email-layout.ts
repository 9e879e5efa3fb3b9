import { escapeHtml } from '../../lib/page-html';

/** What a notification says; callers pass numbers and dates already in Persian digits. */
export interface EmailContent {
  /** The line mail programs show after the subject in the list. */
  preheader?: string;
  title: string;
  greeting?: string;
  paragraphs: string[];
  /** Label/value rows; `ltr` for values written left to right: usernames, URLs, domains. */
  details?: Array<{ label: string; value: string; ltr?: boolean }>;
  action?: { label: string; url: string };
  warning?: string;
  footer?: string;
}

const BRAND = 'ویترین';
const DEFAULT_FOOTER = 'این نامه دربارهٔ حساب شما در ویترین فرستاده شده است.';
const FONT = 'Vazirmatn, Tahoma, sans-serif';
const COLORS = {
  page: '#f1f5f9',
  card: '#ffffff',
  brand: '#0f766e',
  text: '#1e293b',
  muted: '#64748b',
  line: '#e2e8f0',
  warningBack: '#fffbeb',
  warningLine: '#f59e0b',
  warningText: '#92400e',
};

const RLM = '\u200F';
const LRM = '\u200E';

/** The notification as a complete HTML document and its plain-text twin. */
export function renderEmail(content: EmailContent): { html: string; text: string } {
  if (content.action && !/^https?:\/\//i.test(content.action.url)) {
    throw new Error(`email action URL must be http(s): ${content.action.url}`);
  }
  return { html: renderHtml(content), text: renderText(content) };
}

// Mail programs drop <style> and much of CSS, so every element carries its own inline style,
// the layout is tables, and the direction is set on each block as well as on <html>.
function renderHtml(content: EmailContent): string {
  const body = [
    `<h1 style="margin:0 0 16px;font-family:${FONT};font-size:20px;line-height:1.6;font-weight:bold;color:${COLORS.text};">${escapeHtml(content.title)}</h1>`,
    content.greeting ? paragraph(content.greeting) : '',
    ...content.paragraphs.map(paragraph),
    content.details?.length ? detailsTable(content.details) : '',
    content.warning ? warningBox(content.warning) : '',
    content.action ? actionButton(content.action) : '',
  ].join('');
  return [
    '<!DOCTYPE html>',
    '<html dir="rtl" lang="fa">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="x-apple-disable-message-reformatting">',
    `<title>${escapeHtml(content.title)}</title>`,
    '</head>',
    `<body dir="rtl" style="margin:0;padding:0;background-color:${COLORS.page};">`,
    content.preheader
      ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(content.preheader)}</div>`
      : '',
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" dir="rtl" style="background-color:${COLORS.page};">`,
    '<tr><td align="center" style="padding:24px 12px;">',
    // width="600" for Outlook, which ignores max-width.
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" dir="rtl" style="width:100%;max-width:600px;background-color:${COLORS.card};border-radius:8px;direction:rtl;text-align:right;font-family:${FONT};color:${COLORS.text};">`,
    `<tr><td dir="rtl" style="padding:20px 32px;background-color:${COLORS.brand};border-radius:8px 8px 0 0;font-family:${FONT};font-size:22px;font-weight:bold;color:#ffffff;text-align:right;">${BRAND}</td></tr>`,
    `<tr><td dir="rtl" style="padding:32px;font-family:${FONT};text-align:right;">${body}</td></tr>`,
    `<tr><td dir="rtl" style="padding:16px 32px;border-top:1px solid ${COLORS.line};font-family:${FONT};font-size:12px;line-height:1.8;color:${COLORS.muted};text-align:right;">${escapeHtml(content.footer ?? DEFAULT_FOOTER)}</td></tr>`,
    '</table>',
    '</td></tr>',
    '</table>',
    '</body>',
    '</html>',
  ].join('\n');
}

function paragraph(text: string): string {
  return `<p dir="rtl" style="margin:0 0 16px;font-family:${FONT};font-size:15px;line-height:1.9;color:${COLORS.text};text-align:right;">${escapeHtml(text)}</p>`;
}

/** A left-to-right value kept whole inside right-to-left text. */
function ltrSpan(text: string): string {
  return `<span dir="ltr" style="direction:ltr;unicode-bidi:embed;">${escapeHtml(text)}</span>`;
}

function detailsTable(details: NonNullable<EmailContent['details']>): string {
  const rows = details.map(
    ({ label, value, ltr }) =>
      '<tr>' +
      `<td dir="rtl" style="padding:10px 12px;border-bottom:1px solid ${COLORS.line};font-family:${FONT};font-size:14px;color:${COLORS.muted};text-align:right;vertical-align:top;width:40%;">${escapeHtml(label)}</td>` +
      `<td dir="rtl" style="padding:10px 12px;border-bottom:1px solid ${COLORS.line};font-family:${FONT};font-size:14px;font-weight:bold;color:${COLORS.text};text-align:right;vertical-align:top;word-break:break-all;">${ltr ? ltrSpan(value) : escapeHtml(value)}</td>` +
      '</tr>',
  );
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" dir="rtl" style="margin:8px 0 24px;border-top:1px solid ${COLORS.line};">${rows.join('')}</table>`;
}

function warningBox(text: string): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" dir="rtl" style="margin:0 0 24px;"><tr><td dir="rtl" style="padding:12px 16px;background-color:${COLORS.warningBack};border-right:4px solid ${COLORS.warningLine};font-family:${FONT};font-size:14px;line-height:1.9;color:${COLORS.warningText};text-align:right;">${escapeHtml(text)}</td></tr></table>`;
}

// A "bulletproof" button: the colour is on the cell (bgcolor for Outlook) and the whole padded
// link is clickable; the address follows in text for programs that show no buttons.
function actionButton(action: { label: string; url: string }): string {
  const url = escapeHtml(action.url);
  return [
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px;">',
    `<tr><td align="center" bgcolor="${COLORS.brand}" style="border-radius:6px;background-color:${COLORS.brand};">`,
    `<a href="${url}" target="_blank" style="display:inline-block;padding:12px 28px;font-family:${FONT};font-size:16px;font-weight:bold;line-height:1.5;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(action.label)}</a>`,
    '</td></tr></table>',
    `<p dir="rtl" style="margin:0 0 16px;font-family:${FONT};font-size:12px;line-height:1.8;color:${COLORS.muted};text-align:right;">اگر دکمه باز نشد، این نشانی را در مرورگر باز کنید: <a href="${url}" target="_blank" style="color:${COLORS.brand};word-break:break-all;">${ltrSpan(action.url)}</a></p>`,
  ].join('');
}

const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;

/**
 * Plain-text readers take a paragraph's direction from its first letter: a Persian line that
 * opens with a Latin word (or no letter) would be laid out left to right, so it gets an RLM.
 */
function rtlLine(line: string): string {
  const firstLetter = line.match(/\p{L}/u)?.[0];
  return firstLetter && RTL_LETTER.test(firstLetter) ? line : `${RLM}${line}`;
}

/**
 * An LTR value after a Persian label: a leading digit or sign would be reordered with the label,
 * a trailing punctuation mark drawn on the wrong side. An LRM goes only where that can happen,
 * and never after a URL, where a linkifier could take it into the link.
 */
function ltrValue(value: string): string {
  const lead = /^\p{L}/u.test(value) && !RTL_LETTER.test(value[0] ?? '') ? '' : LRM;
  const trail = /[\p{L}\p{N}]$/u.test(value) || /^[a-z]+:\/\//i.test(value) ? '' : LRM;
  return `${lead}${value}${trail}`;
}

function renderText(content: EmailContent): string {
  const blocks: string[] = [BRAND, rtlLine(content.title)];
  if (content.greeting) blocks.push(rtlLine(content.greeting));
  blocks.push(...content.paragraphs.map(rtlLine));
  if (content.details?.length) {
    blocks.push(
      content.details
        .map(({ label, value, ltr }) => rtlLine(`${label}: ${ltr ? ltrValue(value) : value}`))
        .join('\n'),
    );
  }
  if (content.warning) blocks.push(rtlLine(`مهم: ${content.warning}`));
  // The address on a line of its own, with no mark beside it: it stays one clickable link.
  if (content.action) blocks.push(`${rtlLine(`${content.action.label}:`)}\n${content.action.url}`);
  blocks.push(`--\n${rtlLine(content.footer ?? DEFAULT_FOOTER)}`);
  return `${blocks.join('\n\n')}\n`;
}
