// The editor's link addresses: only what the server's allow-list keeps (article-body.ts): https
// and mailto, and paths on this site. An address typed without its scheme is taken as https.

export type LinkAddress = { href: string } | { error: string };

export const LINK_ADDRESS_HINT = 'نشانی با https:// یا mailto: یا / (صفحه‌ای از همین سایت)';

export function checkLinkAddress(text: string): LinkAddress {
  const typed = text.trim();
  if (typed === '') return { error: 'نشانی پیوند را بنویسید' };
  if (/\s/.test(typed)) return { error: 'نشانی پیوند فاصله ندارد' };
  // `//host` is another site without a scheme; the server drops protocol-relative links.
  if (typed.startsWith('//')) return { error: 'نشانی را با https:// بنویسید' };
  if (typed.startsWith('/')) return { href: typed };
  if (/^mailto:[^@]+@[^@]+$/i.test(typed)) return { href: typed };
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(typed) ? typed : `https://${typed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { error: 'این نشانی درست نیست' };
  }
  if (url.protocol !== 'https:') {
    return { error: 'فقط پیوند https:// یا mailto: پذیرفته می‌شود' };
  }
  if (!url.hostname.includes('.')) return { error: 'این نشانی درست نیست' };
  return { href: withScheme };
}
