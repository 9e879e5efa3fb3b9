import sanitizeHtml from 'sanitize-html';

// The one allow-list of article HTML: what the console's editor saves (EDITOR_TAGS), and what a
// served body may hold besides (bodies written before the editor, the demo's).
const EDITOR_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'strong',
  'em',
  'u',
  's',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'code',
  'pre',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];
const SERVED_ONLY_TAGS = ['b', 'i', 'mark', 'small', 'sub', 'sup', 'figure', 'figcaption', 'kbd'];

// What an article body may hold: text structure, links, images from our own media, tables
// and code. No scripts, styles, event handlers, frames or forms. Links to other sites open
// with rel="noopener noreferrer nofollow".
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...EDITOR_TAGS, ...SERVED_ONLY_TAGS],
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

// What the console's rich-text editor may save (issue 8): headings, paragraphs, emphasis,
// quotes, lists, links, our own images, code and plain tables. Anything else (script, style,
// event handlers, frames, forms, other sites' images) is dropped here, on the server, whatever
// the editor sent. The public page sanitises once more when it serves the body.
const EDITOR_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: EDITOR_TAGS,
  allowedAttributes: {
    a: ['href', 'rel'],
    img: ['src', 'alt'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  // As the public page's cleaner (OPTIONS above): an http: link would lose its address there.
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      // Another site (or mail): the reader leaves us, and we vouch for nothing there.
      const external = /^(https?|mailto):/i.test(href);
      const { rel: _ignored, ...rest } = attribs;
      return {
        tagName,
        attribs: external ? { ...rest, rel: 'noopener noreferrer nofollow' } : rest,
      };
    },
  },
  // Images only from our own media (no tracking pixels, nothing that can vanish).
  exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnMediaPath(frame.attribs.src ?? ''),
};

/** Whether `src` is an image path under our own `/media/`. */
export function isOwnMediaPath(src: string): boolean {
  return /^\/media\/(?!.*\.\.)[^\s"'<>\\?#]+$/.test(src);
}

/** The editor's HTML reduced to the allow-list the console promises. */
export function sanitizeEditorHtml(html: string): string {
  return sanitizeHtml(html, EDITOR_OPTIONS).trim();
}
