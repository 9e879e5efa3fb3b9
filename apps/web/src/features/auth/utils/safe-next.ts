const DEFAULT_AFTER_SIGN_IN = '/account';

/**
 * Where to go after signing in: the `next` query parameter when it is a path on this site,
 * else the account page. A full URL or `//host` would make the sign-in page an open redirect.
 */
export function safeNext(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (/^\/(sign-in|sign-up|forgot-password)(?:[/?#]|$)/.test(next)) return DEFAULT_AFTER_SIGN_IN;
  return next;
}
