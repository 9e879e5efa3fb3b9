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

// What scrolls sideways on a phone, and the name a screen reader gives its scrolling box.
const SCROLLING_BLOCKS: Record<string, string> = { TABLE: 'جدول', PRE: 'کد' };

/**
 * Puts each wide table and code block in a box that scrolls sideways and that the keyboard can
 * reach (focus it, then the arrow keys scroll): a phone's reader without a mouse must see it all.
 */
function withScrollingBoxes(body: DocumentFragment): string {
  for (const block of body.querySelectorAll('table, pre')) {
    const box = document.createElement('div');
    box.className = classes.scrollBox ?? '';
    box.tabIndex = 0;
    box.setAttribute('role', 'region');
    const caption = block.querySelector('caption')?.textContent?.trim();
    box.setAttribute('aria-label', caption || (SCROLLING_BLOCKS[block.tagName] ?? ''));
    block.replaceWith(box);
    box.append(block);
  }
  const holder = document.createElement('div');
  holder.append(body);
  return holder.innerHTML;
}

/** An article's body: sanitised HTML set in readable long-form type. */
export function ArticleBody({ html }: { html: string }) {
  const safeHtml = useMemo(
    () =>
      withScrollingBoxes(
        DOMPurify.sanitize(html, { ...PURIFY_OPTIONS, RETURN_DOM_FRAGMENT: true }),
      ),
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
