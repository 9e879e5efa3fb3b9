import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import classes from './article-body.module.css';

// The server sanitises article bodies when it saves and serves them; the browser does it again
// before the HTML touches the page, so a fault on one side is not a script on ours. Links that
// open a new tab must not hand that tab our window.
// The server renders public pages without a DOM (decision 0026): there the body goes out as the
// server's own sanitiser left it, and the browser keeps that markup as it takes the page over.
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

/** An article's body: sanitised HTML set in readable long-form type. */
export function ArticleBody({ html }: { html: string }) {
  const safeHtml = useMemo(
    () => (canPurify ? DOMPurify.sanitize(html, PURIFY_OPTIONS) : html),
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
