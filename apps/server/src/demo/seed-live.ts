import type { Transaction } from '../db/client';
import { liveVisitors, liveVisits } from '../schema';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const HISTORY_DAYS = 14;

interface DemoSite {
  domainName: string;
  /** Page views a day, about. */
  viewsPerDay: number;
  pages: ReadonlyArray<{ path: string; title: string }>;
}

// The demo customer's two sites (seed-checkout), with two weeks of visits so the live panel's
// counters, feed and hourly chart are populated on first start. Visits happen mostly in the
// Tehran afternoon and evening, and about a third of views come from returning visitors.
const demoSites: DemoSite[] = [
  {
    domainName: 'sara-gallery.ir',
    viewsPerDay: 70,
    pages: [
      { path: '/', title: 'گالری سارا | عکاسی و نقاشی' },
      { path: '/gallery/autumn', title: 'مجموعهٔ پاییز | گالری سارا' },
      { path: '/gallery/tehran-nights', title: 'شب‌های تهران | گالری سارا' },
      { path: '/shop', title: 'فروشگاه چاپ‌ها | گالری سارا' },
      { path: '/shop/print-12', title: 'چاپ شمارهٔ ۱۲ | گالری سارا' },
      { path: '/about', title: 'دربارهٔ من | گالری سارا' },
      { path: '/contact', title: 'تماس | گالری سارا' },
    ],
  },
  {
    domainName: 'sara-blog.com',
    viewsPerDay: 18,
    pages: [
      { path: '/', title: 'یادداشت‌های سارا' },
      { path: '/posts/light-in-winter', title: 'نور زمستان | یادداشت‌های سارا' },
      { path: '/posts/first-exhibition', title: 'اولین نمایشگاه | یادداشت‌های سارا' },
      { path: '/tags/photography', title: 'برچسب عکاسی | یادداشت‌های سارا' },
    ],
  },
];

const referrers = [
  '',
  '',
  '',
  'https://www.google.com/',
  'https://www.instagram.com/',
  'https://t.me/',
];

/** A small seeded generator (mulberry32): the same demo data on every fresh start. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Hours of a Tehran day, weighted towards the afternoon and evening. */
const hourWeights = [1, 1, 0, 0, 0, 0, 1, 2, 3, 4, 4, 5, 5, 5, 5, 6, 6, 7, 8, 9, 9, 7, 5, 3];
const totalWeight = hourWeights.reduce((sum, weight) => sum + weight, 0);

function pickHour(next: () => number): number {
  let roll = next() * totalWeight;
  for (let hour = 0; hour < hourWeights.length; hour += 1) {
    roll -= hourWeights[hour] ?? 0;
    if (roll < 0) return hour;
  }
  return 20;
}

function pick<T>(items: readonly T[], next: () => number): T {
  return items[Math.floor(next() * items.length)] as T;
}

function kwClientIdOf(next: () => number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return Array.from({ length: 22 }, () => pick([...alphabet], next)).join('');
}

/** Tehran's midnight (UTC+3:30, no daylight saving since 2022) on or before `at`. */
function tehranMidnight(at: Date): number {
  const offset = 3.5 * HOUR_MS;
  return Math.floor((at.getTime() + offset) / DAY_MS) * DAY_MS - offset;
}

export async function seedLive(tx: Transaction, now = new Date()): Promise<void> {
  const next = random(1405);
  const todayStart = tehranMidnight(now);
  for (const site of demoSites) {
    const visitors = new Map<string, { firstSeenAt: Date; lastVisitAt: Date }>();
    const known: string[] = [];
    const views: Array<typeof liveVisits.$inferInsert> = [];
    for (let daysAgo = HISTORY_DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
      const dayStart = todayStart - daysAgo * DAY_MS;
      const count = Math.round(site.viewsPerDay * (0.7 + next() * 0.6));
      const times = Array.from({ length: count }, () => {
        const minute = Math.floor(next() * 60);
        return dayStart + pickHour(next) * HOUR_MS + minute * 60_000 + Math.floor(next() * 60_000);
      })
        // Today's views only up to now.
        .filter((time) => time <= now.getTime() - 60_000)
        .sort((a, b) => a - b);
      for (const time of times) {
        const returning = known.length > 0 && next() < 0.35;
        const kwClientId = returning ? pick(known, next) : kwClientIdOf(next);
        const at = new Date(time);
        const seen = visitors.get(kwClientId);
        if (seen) seen.lastVisitAt = at;
        else {
          visitors.set(kwClientId, { firstSeenAt: at, lastVisitAt: at });
          known.push(kwClientId);
        }
        const page = pick(site.pages, next);
        views.push({
          domainName: site.domainName,
          kwClientId,
          kind: seen ? 'returning' : 'new',
          path: page.path,
          title: page.title,
          referrer: seen ? '' : pick(referrers, next),
          visitedAt: at,
        });
      }
    }
    const rows = [...visitors].map(([kwClientId, times]) => ({
      domainName: site.domainName,
      kwClientId,
      ...times,
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await tx
        .insert(liveVisitors)
        .values(rows.slice(start, start + 500))
        .onConflictDoNothing();
    }
    for (let start = 0; start < views.length; start += 500) {
      await tx.insert(liveVisits).values(views.slice(start, start + 500));
    }
  }
}
