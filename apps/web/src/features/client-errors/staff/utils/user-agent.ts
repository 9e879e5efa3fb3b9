import { toPersianDigits } from '@vitrin/fa';

// A browser's user agent as staff say it: «Chrome ۱۳۱ روی Android». Only the few browsers and
// systems our customers use are named; anything else is left as «مرورگر ناشناس», and the whole
// text is on the group page for whoever needs it.

const BROWSERS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  // The app's WebView says so itself; before Chrome, whose token it also carries.
  ['اپ ویترین', /VitrinApp\/([\d.]+)/],
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /OPR\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari/],
];

const SYSTEMS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X/],
  ['Linux', /Linux|X11/],
];

/** «Chrome ۱۳۱ روی Android»; null when there is no user agent. */
export function describeUserAgent(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.map(([name, pattern]) => {
    const version = pattern.exec(userAgent)?.[1];
    return version ? `${name} ${toPersianDigits(version)}` : null;
  }).find((found) => found !== null);
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0];
  const named = browser ?? 'مرورگر ناشناس';
  return system ? `${named} روی ${system}` : named;
}
