import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { PageMeta } from '../plugins/page-meta';

const SITE_NAME = 'ویترین';

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ??
      character,
  );
}

function absolute(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl}`;
}

/**
 * The web app's index.html for one page: its title and description, a canonical link and
 * Open Graph tags, so search engines and link previews see the page without running script.
 */
export function renderPageHtml(
  indexHtml: string,
  meta: PageMeta,
  page: { publicUrl: string; pathname: string },
): string {
  const url = absolute(page.publicUrl, page.pathname);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    '<meta property="og:locale" content="fa_IR" />',
    `<meta property="og:type" content="${meta.type === 'article' ? 'article' : meta.type === 'product' ? 'product' : 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(meta.image
      ? [
          `<meta property="og:image" content="${escapeHtml(absolute(page.publicUrl, meta.image))}" />`,
        ]
      : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
  ];
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}

/** The web build's own Vazirmatn, when there is a build: Persian digits and separators read right. */
export function vazirmatnFontFace(webDistDir: string | null): string {
  if (!webDistDir) return '';
  let file: string | undefined;
  try {
    file = readdirSync(path.join(webDistDir, 'assets')).find((name) =>
      /^Vazirmatn.*\.woff2$/.test(name),
    );
  } catch {
    return '';
  }
  return file
    ? `@font-face { font-family: Vazirmatn; src: url('/assets/${file}') format('woff2'); font-weight: 100 900; font-display: swap; }`
    : '';
}
