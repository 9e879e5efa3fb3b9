import sanitizeHtml from 'sanitize-html';

// What the console's rich-text editor may save (issue 8): headings, paragraphs, emphasis,
// quotes, lists, links, our own images, code and plain tables. Anything else (script, style,
// event handlers, frames, forms, other sites' images) is dropped here, on the server, whatever
// the editor sent. The public page sanitises once more when it serves the body.
const EDITOR_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: {
    a: ['href', 'rel'],
    img: ['src', 'alt'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  // As the public page's cleaner (content/article-html.ts): an http: link would lose its address there.
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
