/** Where a click on a link goes in the Android app. */
export type LinkRoute =
  | { kind: 'system-browser'; url: string }
  /** One of the app's own pages meant for a new tab: the app has no tabs, so it opens here. */
  | { kind: 'in-app'; path: string }
  /** Left alone: the router, or the WebView (tel:, mailto:, a download). */
  | null;

/**
 * Another site opens in the system browser. The app's own origin (https://localhost inside the
 * WebView) means nothing to the system browser, so its pages stay in the app even when a link
 * asks for a new tab.
 */
export function routeLink(
  link: { href: string; target: string; download: boolean },
  appOrigin: string,
): LinkRoute {
  if (link.download) return null;
  let url: URL;
  try {
    url = new URL(link.href, appOrigin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== appOrigin) return { kind: 'system-browser', url: url.href };
  if (link.target === '_blank')
    return { kind: 'in-app', path: url.pathname + url.search + url.hash };
  return null;
}
