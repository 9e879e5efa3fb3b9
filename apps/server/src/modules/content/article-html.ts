import sanitizeHtml from 'sanitize-html';

// What an article body may hold: text structure, links, images from our own media, tables
// and code. No scripts, styles, event handlers, frames or forms. Links to other sites open
// with rel="noopener noreferrer nofollow".
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'mark',
    'small',
    'sub',
    'sup',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'code',
    'pre',
    'kbd',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    '*': ['dir', 'lang'],
  },
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      const external = /^(https|mailto|tel):/i.test(href);
      const otherScheme = !external && /^[a-z][a-z0-9+.-]*:/i.test(href);
      const { href: _dropped, ...rest } = attribs;
      if (otherScheme) return { tagName, attribs: { ...rest, rel: '', target: '' } };
      return {
        tagName,
        attribs: external
          ? { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' }
          : { ...attribs, rel: '', target: '' },
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  exclusiveFilter: (frame) =>
    // Images only from our own media: a relative path, never another site (no tracking pixels).
    frame.tag === 'img' && !/^\/(?!\/)/.test(frame.attribs.src ?? ''),
};

/** An article body made safe to put into a page: allowed tags and attributes only. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).replace(/ (rel|target)=""/g, '');
}

const WORDS_PER_MINUTE = 200;

/** Minutes to read an article body at a steady Persian reading pace; at least one. */
export function readingMinutes(html: string): number {
  const words = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .split(/\s+/)
    .filter((word) => word.length > 0).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** The text of an article body, for search. */
export function articlePlainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
}
