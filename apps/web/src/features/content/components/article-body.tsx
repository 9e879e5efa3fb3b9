import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import classes from './article-body.module.css';

// The server sanitises article bodies when it saves and serves them; the browser does it again
// before the HTML touches the page, so a fault on one side is not a script on ours. Links that
// open a new tab must not hand that tab our window. The server also renders public pages without
// a DOM (decision 0026): there the body goes out as the server's own sanitiser left it, and the
// browser keeps that markup as it takes the page over.
const canPurify = typeof window !== 'undefined';
if (canPurify) {
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
}

const PURIFY_OPTIONS = {
  ADD_ATTR: ['target', 'loading'],
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};

function scrollBoxOpening(label: string): string {
  const name = label.replace(/[&<>"]/g, (character) => HTML_ESCAPES[character] ?? character);
  return `<div class="${classes.scrollBox ?? ''}" tabindex="0" role="region" aria-label="${name}">`;
}

/**
 * Puts each wide table and code block in a box that scrolls sideways and that the keyboard can
 * reach (focus it, then the arrow keys scroll): a phone's reader without a mouse must see it all.
 * Done on the markup's text, the same on the server (no DOM) and in the browser: sanitised HTML
 * is well formed, so a box opened before each `<table`/`<pre` and closed after its end nests.
 * A table is named by its caption, if it has one.
 */
export function withScrollingBoxes(html: string): string {
  return html
    .replace(
      /<table\b[^>]*>\s*(?:<caption\b[^>]*>([\s\S]*?)<\/caption>)?/gi,
      (opening: string, caption: string | undefined) => {
        const text = (caption ?? '').replace(/<[^>]*>/g, '').trim();
        return `${scrollBoxOpening(text || 'جدول')}${opening}`;
      },
    )
    .replace(/<pre\b/gi, (opening) => `${scrollBoxOpening('کد')}${opening}`)
    .replace(/<\/(table|pre)>/gi, (closing) => `${closing}</div>`);
}

/** An article's body: sanitised HTML set in readable long-form type. */
export function ArticleBody({ html }: { html: string }) {
  const safeHtml = useMemo(
    () => withScrollingBoxes(canPurify ? DOMPurify.sanitize(html, PURIFY_OPTIONS) : html),
    [html],
  );
  return (
    <div
      className={classes.body}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above
      dangerouslySetInnerHTML={{ __html: safeHtml }}
    />
  );
}
