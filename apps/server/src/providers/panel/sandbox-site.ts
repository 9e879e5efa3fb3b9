import { formatAmount, toPersianDigits } from '@vitrin/fa';
import { escapeHtml } from '../../lib/page-html';
import type { AccountUsage } from './panel-driver';

// The pages the built-in sandbox panel serves (issue 20): each account's site, as the theme the
// customer chose would start it, and the small control panel the SSO button opens. Plain HTML
// with the web build's Vazirmatn; nothing here needs the web app.

export interface SandboxSiteView {
  username: string;
  domain: string;
  packageName: string;
  suspended: boolean;
  /** The chosen theme's name and its first preview image, when it has them. */
  themeName: string | null;
  themeImage: string | null;
}

function shell(fontFace: string, title: string, body: string, accent = '#0f766e'): string {
  return `<!doctype html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
${fontFace}
  * { box-sizing: border-box; }
  body { margin: 0; font-family: Vazirmatn, Tahoma, sans-serif; color: #1f2937; background: #f8fafc; line-height: 1.8; }
  header { background: ${accent}; color: #fff; padding: 18px 20px; }
  header h1 { margin: 0; font-size: 1.25rem; }
  header p { margin: 4px 0 0; opacity: .9; font-size: .9rem; }
  main { max-width: 880px; margin: 0 auto; padding: 24px 16px 48px; }
  .ltr { direction: ltr; unicode-bidi: isolate; }
  .card { background: #fff; border-radius: 14px; padding: 20px; box-shadow: 0 4px 18px rgb(15 23 42 / 8%); margin-bottom: 16px; }
  .hero img { width: 100%; height: auto; aspect-ratio: 16 / 9; object-fit: cover; border-radius: 10px; display: block; }
  .badge { display: inline-block; padding: 2px 10px; border-radius: 999px; background: #fef3c7; color: #92400e; font-size: .85rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; margin: 0; }
  dt { color: #475569; } dd { margin: 0; overflow-wrap: anywhere; }
  .bar { height: 10px; background: #e2e8f0; border-radius: 999px; overflow: hidden; margin: 6px 0 2px; }
  .bar span { display: block; height: 100%; background: ${accent}; }
  a { color: ${accent}; }
  footer { text-align: center; color: #475569; font-size: .85rem; padding: 16px; }
</style>
</head>
<body>
${body}
</body>
</html>`;
}

const digits = (value: number | string) => toPersianDigits(value);
/** Megabytes as the rest of the product writes amounts: Persian digits, '٬' every three. */
const megabytes = (value: number) => formatAmount(Math.round(value));

/** The site a sandbox account serves: the theme's start page, or the suspension notice. */
export function sandboxSitePage(fontFace: string, site: SandboxSiteView): string {
  if (site.suspended) {
    return shell(
      fontFace,
      'سایت معلق است',
      `<header><h1 class="ltr">${escapeHtml(site.domain)}</h1></header>
<main><div class="card"><h2>این سایت موقتا معلق شده است</h2>
<p>اگر مالک این سایت هستید، برای فعال‌سازی دوباره به پنل ویترین بروید و سرویس را تمدید کنید.</p></div></main>`,
      '#b45309',
    );
  }
  const theme = site.themeName ? `با قالب «${escapeHtml(site.themeName)}»` : 'با قالب پیش‌فرض';
  const image = site.themeImage
    ? `<div class="hero"><img src="${escapeHtml(site.themeImage)}" alt="نمای قالب ${escapeHtml(site.themeName ?? '')}" width="1280" height="720"></div>`
    : '';
  return shell(
    fontFace,
    site.domain,
    `<header><h1 class="ltr">${escapeHtml(site.domain)}</h1><p>به سایت تازهٔ ما خوش آمدید</p></header>
<main>
<div class="card">${image}
<h2>سایت شما آماده است</h2>
<p>این صفحهٔ نخست سایتی است که پنل آزمایشی ویترین ${theme} ساخته است. از کنترل پنل می‌توانید محتوای آن را تغییر دهید.</p>
</div>
</main>
<footer>ساخته‌شده با ویترین · بستهٔ <span class="ltr">${escapeHtml(site.packageName)}</span></footer>`,
  );
}

function usageRow(label: string, used: number, limit: number | null): string {
  const share = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  const text = limit
    ? `${megabytes(used)} از ${megabytes(limit)} مگابایت`
    : `${megabytes(used)} مگابایت (نامحدود)`;
  return `<dt>${label}</dt><dd>${text}<div class="bar" role="img" aria-label="${label}: ${digits(share)} درصد"><span style="width:${share}%"></span></div></dd>`;
}

/** The sandbox control panel an SSO link opens: the account, its usage and its site. */
export function sandboxPanelPage(
  fontFace: string,
  site: SandboxSiteView,
  usage: AccountUsage,
  siteUrl: string,
): string {
  return shell(
    fontFace,
    `کنترل پنل ${site.domain}`,
    `<header><h1>کنترل پنل آزمایشی</h1><p>وارد شدید به حساب <span class="ltr">${escapeHtml(site.username)}</span></p></header>
<main>
<div class="card"><p class="badge">پنل آزمایشی ویترین: به جای cPanel یا DirectAdmin در نسخهٔ نمایشی</p>
<dl>
<dt>دامنه</dt><dd class="ltr">${escapeHtml(site.domain)}</dd>
<dt>نام کاربری</dt><dd class="ltr">${escapeHtml(site.username)}</dd>
<dt>بسته</dt><dd class="ltr">${escapeHtml(site.packageName)}</dd>
<dt>وضعیت</dt><dd>${site.suspended ? 'معلق' : 'فعال'}</dd>
${usageRow('فضای دیسک', usage.diskUsedMb, usage.diskLimitMb)}
${usageRow('ترافیک ماهانه', usage.bandwidthUsedMb, usage.bandwidthLimitMb)}
</dl></div>
<div class="card"><a href="${escapeHtml(siteUrl)}">دیدن سایت</a></div>
</main>`,
  );
}

/** An SSO link used twice, or too late. */
export function sandboxPanelExpiredPage(fontFace: string): string {
  return shell(
    fontFace,
    'پیوند ورود نامعتبر است',
    `<main><div class="card"><h2>این پیوند ورود دیگر کار نمی‌کند</h2>
<p>پیوند ورود به کنترل پنل یک‌بارمصرف است و چند دقیقه اعتبار دارد. از صفحهٔ سرویس در پنل ویترین، دوباره «ورود به کنترل پنل» را بزنید.</p></div></main>`,
  );
}
