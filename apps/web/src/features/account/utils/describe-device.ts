const RAW_DEVICE_MAX = 60;

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", and Chrome says "Safari".
const browsers: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'اج'],
  [/OPR\/|Opera/, 'اپرا'],
  [/SamsungBrowser\//, 'سامسونگ اینترنت'],
  [/Firefox\/|FxiOS\//, 'فایرفاکس'],
  [/Chrome\/|CriOS\/|Chromium\//, 'کروم'],
  [/Safari\//, 'سافاری'],
];

const systems: readonly [RegExp, string][] = [
  [/Android/, 'اندروید'],
  [/iPhone|iPod/, 'آیفون'],
  [/iPad/, 'آیپد'],
  [/CrOS/, 'کروم‌اواس'],
  [/Windows/, 'ویندوز'],
  [/Mac OS X|Macintosh/, 'مک'],
  [/Linux/, 'لینوکس'],
];

function firstMatch(text: string, table: readonly [RegExp, string][]): string | undefined {
  return table.find(([pattern]) => pattern.test(text))?.[1];
}

/**
 * A session's device as a person would name it, guessed from the user agent: «کروم روی اندروید».
 * A string we cannot read is shown itself, cut short; `isRaw` tells the caller to lay it out
 * left to right.
 */
export function describeDevice(userAgent: string): { name: string; isRaw: boolean } {
  const browser = firstMatch(userAgent, browsers);
  const system = firstMatch(userAgent, systems);
  if (browser && system) return { name: `${browser} روی ${system}`, isRaw: false };
  if (browser) return { name: browser, isRaw: false };
  if (system) return { name: `دستگاه ${system}`, isRaw: false };
  const raw = userAgent.trim();
  if (raw === '' || /[\u0600-\u06ff]/.test(raw)) return { name: raw || 'نامشخص', isRaw: false };
  const short = raw.length > RAW_DEVICE_MAX ? `${raw.slice(0, RAW_DEVICE_MAX - 1)}…` : raw;
  return { name: short, isRaw: true };
}
