import { expect, test } from 'vitest';
import { type EmailContent, renderEmail } from './email-layout';

const RLM = '\u200F';
const LRM = '\u200E';

const welcome: EmailContent = {
  preheader: 'اطلاعات ورود به هاست شما آماده است',
  title: 'هاست شما آماده است',
  greeting: 'سلام مریم،',
  paragraphs: ['سرویس «هاست لینوکس ۵ گیگ» شما راه‌اندازی شد.', 'این اطلاعات را نگه دارید.'],
  details: [
    { label: 'دامنه', value: 'maryam-shop.ir', ltr: true },
    { label: 'نام کاربری', value: 'maryam_24', ltr: true },
    { label: 'سررسید', value: '۲۰ مرداد ۱۴۰۵' },
  ],
  action: { label: 'ورود به کنترل‌پنل', url: 'https://panel.vitrin.ir/login?user=maryam_24&x=1' },
  warning: 'رمز عبور را با کسی در میان نگذارید.',
};

test('the mail is a complete right-to-left Persian document at most 600 pixels wide', () => {
  const { html } = renderEmail(welcome);
  expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
  expect(html).toContain('<html dir="rtl" lang="fa">');
  expect(html).toContain('<meta charset="utf-8">');
  expect(html).toContain('<title>هاست شما آماده است</title>');
  expect(html).toContain('max-width:600px');
  expect(html).toContain('font-family:Vazirmatn, Tahoma, sans-serif');
  expect(html).toContain('>ویترین</td>');
  expect(html).not.toContain('<style');
  expect(html.trimEnd().endsWith('</html>')).toBe(true);
});

test('every text the caller passes is HTML-escaped, a script in a paragraph included', () => {
  const { html } = renderEmail({
    title: 'عنوان <b>پررنگ</b>',
    greeting: 'سلام "علی" & \'رضا\'',
    paragraphs: ['متن <script>alert("x")</script> پایان'],
    details: [{ label: '<i>برچسب</i>', value: '<img src=x onerror=alert(1)>', ltr: true }],
    action: { label: 'برو <u>', url: 'https://vitrin.ir/a?b=1&c="2"' },
    warning: '<hr>هشدار',
    footer: '<a href="https://evil.example">پانویس</a>',
    preheader: '<pre>',
  });
  expect(html).not.toMatch(/<script|<img|<b>|<i>|<u>|<hr>|<pre>|evil\.example">/);
  expect(html).toContain('متن &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; پایان');
  expect(html).toContain('سلام &quot;علی&quot; &amp; &#39;رضا&#39;');
  expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  expect(html).toContain('href="https://vitrin.ir/a?b=1&amp;c=&quot;2&quot;"');
});

test('an action link that is not http(s) is refused', () => {
  expect(() =>
    renderEmail({
      title: 'ت',
      paragraphs: [],
      action: { label: 'برو', url: 'javascript:alert(1)' },
    }),
  ).toThrow(/http/);
});

test('left-to-right values (domain, username) stay whole in a ltr span, Persian ones do not', () => {
  const { html } = renderEmail(welcome);
  const ltr = '<span dir="ltr" style="direction:ltr;unicode-bidi:embed;">';
  expect(html).toContain(`${ltr}maryam-shop.ir</span>`);
  expect(html).toContain(`${ltr}maryam_24</span>`);
  expect(html).toContain('>۲۰ مرداد ۱۴۰۵</td>');
  expect(html).not.toContain(`${ltr}۲۰ مرداد`);
  expect(html).toMatch(/<td[^>]*>دامنه<\/td>/);
});

test('the action is a padded link on a coloured cell, with the address written out as well', () => {
  const { html } = renderEmail(welcome);
  const href = 'href="https://panel.vitrin.ir/login?user=maryam_24&amp;x=1"';
  expect(html).toMatch(/<td align="center" bgcolor="#[0-9a-f]{6}"[^>]*>\s*<a [^>]*/);
  const button = html.slice(html.indexOf(`<a ${href}`));
  expect(button).toMatch(/^<a [^>]*display:inline-block;padding:[^>]*>ورود به کنترل‌پنل<\/a>/);
  expect(html).toContain(
    '<span dir="ltr" style="direction:ltr;unicode-bidi:embed;">https://panel.vitrin.ir/login?user=maryam_24&amp;x=1</span>',
  );
});

test('the preheader is hidden and the warning and footer are shown', () => {
  const { html } = renderEmail(welcome);
  expect(html).toMatch(/<div style="display:none;[^"]*">اطلاعات ورود به هاست شما آماده است<\/div>/);
  expect(html).toContain('>رمز عبور را با کسی در میان نگذارید.</td>');
  expect(html).toContain('این نامه دربارهٔ حساب شما در ویترین فرستاده شده است.');
  expect(renderEmail({ ...welcome, footer: 'پانویس دیگر' }).html).toContain('>پانویس دیگر</td>');
});

test('optional parts that are not given leave no trace', () => {
  const { html, text } = renderEmail({ title: 'سرویس تمدید شد', paragraphs: ['تمدید انجام شد.'] });
  expect(html).not.toContain('display:none');
  expect(html).not.toContain('<a ');
  expect(html).not.toContain('border-right:4px');
  expect(text).not.toContain('مهم:');
  expect(text).not.toContain('undefined');
});

test('the text part says the same as the html: title, paragraphs, label: value lines, the link', () => {
  const { text } = renderEmail(welcome);
  expect(text).toBe(
    [
      'ویترین',
      '',
      'هاست شما آماده است',
      '',
      'سلام مریم،',
      '',
      'سرویس «هاست لینوکس ۵ گیگ» شما راه‌اندازی شد.',
      '',
      'این اطلاعات را نگه دارید.',
      '',
      'دامنه: maryam-shop.ir',
      'نام کاربری: maryam_24',
      'سررسید: ۲۰ مرداد ۱۴۰۵',
      '',
      'مهم: رمز عبور را با کسی در میان نگذارید.',
      '',
      'ورود به کنترل‌پنل:',
      'https://panel.vitrin.ir/login?user=maryam_24&x=1',
      '',
      '--',
      'این نامه دربارهٔ حساب شما در ویترین فرستاده شده است.',
      '',
    ].join('\n'),
  );
  expect(text).not.toMatch(/&amp;|&lt;|<\w/);
});

test('the text part adds direction marks only where a plain-text reader would misorder', () => {
  const { text } = renderEmail({
    title: 'cPanel شما آماده است',
    paragraphs: ['سرویس شما فعال است.', '۱۲۳'],
    details: [
      { label: 'نشانی IP', value: '185.143.232.10', ltr: true },
      { label: 'شماره', value: '+98 21 1234', ltr: true },
      { label: 'سرور نام', value: 'ns1.vitrin.ir.', ltr: true },
      { label: 'پنل', value: 'https://panel.vitrin.ir/', ltr: true },
      { label: 'نام کاربری', value: 'ali2024', ltr: true },
    ],
  });
  const lines = text.split('\n');
  // Opens with a Latin word, or has no letter at all: the line is marked right to left.
  expect(lines).toContain(`${RLM}cPanel شما آماده است`);
  expect(lines).toContain(`${RLM}۱۲۳`);
  expect(lines).toContain('سرویس شما فعال است.');
  // A value opening with a digit or sign, or closing on punctuation, is isolated with LRM.
  expect(lines).toContain(`نشانی IP: ${LRM}185.143.232.10`);
  expect(lines).toContain(`شماره: ${LRM}+98 21 1234`);
  expect(lines).toContain(`سرور نام: ns1.vitrin.ir.${LRM}`);
  // No mark touches a URL (a linkifier could take it in) nor a value that needs none.
  expect(lines).toContain('پنل: https://panel.vitrin.ir/');
  expect(lines).toContain('نام کاربری: ali2024');
});
