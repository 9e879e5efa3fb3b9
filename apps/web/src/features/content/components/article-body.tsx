import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import classes from './article-body.module.css';

// The server sanitises article bodies when it saves and serves them; the browser does it again
// before the HTML touches the page, so a fault on one side is not a script on ours. Links that
// open a new tab must not hand that tab our window.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

const PURIFY_OPTIONS = {
  ADD_ATTR: ['target', 'loading'],
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
};

/** An article's body: sanitised HTML set in readable long-form type. */
export function ArticleBody({ html }: { html: string }) {
  const safeHtml = useMemo(() => DOMPurify.sanitize(html, PURIFY_OPTIONS), [html]);
  return (
    <div
      className={classes.body}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above
      dangerouslySetInnerHTML={{ __html: safeHtml }}
    />
  );
}
