import { describe, expect, test } from 'vitest';
import { withScrollingBoxes } from './article-body';

const box = (label: string) =>
  new RegExp(`<div class="[^"]*" tabindex="0" role="region" aria-label="${label}">`, 'g');

describe('wide tables and code blocks scroll in a box the keyboard reaches', () => {
  test('a table is named by its caption, or «جدول»; a code block «کد»', () => {
    const html = withScrollingBoxes(
      '<p>پیش</p><table><caption>قیمت <b>پلن‌ها</b></caption><tr><td>۱</td></tr></table><table><tr><td>۲</td></tr></table><pre>npm start</pre>',
    );
    expect(html.match(box('قیمت پلن‌ها'))).toHaveLength(1);
    expect(html.match(box('جدول'))).toHaveLength(1);
    expect(html.match(box('کد'))).toHaveLength(1);
    expect(html).toContain('</table></div><div class=');
    expect(html.endsWith('npm start</pre></div>')).toBe(true);
  });

  test('boxes nest as the tables do, and a caption cannot break out of the attribute', () => {
    const html = withScrollingBoxes(
      '<table><caption>"&lt;x&gt;</caption><tr><td><table><tr><td>درون</td></tr></table></td></tr></table>',
    );
    expect(html).toContain('aria-label="&quot;&amp;lt;x&amp;gt;"');
    const opened = html.match(/<div /g)?.length;
    const closed = html.match(/<\/div>/g)?.length;
    expect(opened).toBe(2);
    expect(closed).toBe(2);
    expect(html).toMatch(/<\/table><\/div><\/td><\/tr><\/table><\/div>$/);
  });

  test('a body without tables or code is unchanged', () => {
    expect(withScrollingBoxes('<p>متن <a href="/store">فروشگاه</a></p>')).toBe(
      '<p>متن <a href="/store">فروشگاه</a></p>',
    );
  });
});
