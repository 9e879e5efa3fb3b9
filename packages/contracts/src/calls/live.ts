import { z } from 'zod';
import { defineCall } from '../call';
import { timestamp } from '../fields';

// The live visitor panel (issue 7): the Socket.IO protocol of spec §3/§7, fixed here once for
// the server, the web panel and the Android app, plus two HTTP calls the panel loads from.
// The tracker's side is described in docs/live-protocol.md.

/** Socket.IO's path on our host; WebSocket transport only (no long-polling, no sticky sessions). */
export const LIVE_SOCKET_PATH = '/socket.io/';
/** The namespace the panel joins, with `auth: { token }` (the access token) in the handshake. */
export const LIVE_PANEL_NAMESPACE = '/live';
/** The namespace the customer's-site tracker joins, with `auth: { domainName, kwClientId }`. */
export const LIVE_TRACKER_NAMESPACE = '/tracker';
/** Where the tracker script is served; customers paste this URL once, so it never changes. */
export const LIVE_TRACKER_SCRIPT_PATH = '/live/tracker.js';

/** Spec §7 event names, and the two of ours (tracker visit, refusal to the panel). */
export const LIVE_EVENT_START = 'nodeMessage.start';
export const LIVE_EVENT_REFRESH = 'nodeMessage.refreshLiveData';
export const LIVE_EVENT_NOTIFY = 'nodeMessage.notify';
export const LIVE_EVENT_VISIT = 'nodeMessage.visit';
/** Ours: the server will not answer a start/refresh; `{ message }` in Persian. */
export const LIVE_EVENT_REFUSED = 'nodeMessage.refused';

/** Spec §4 actions; `returning-user-connected` is our name for the revisit action. */
export const LIVE_ACTION_STARTED = 'socket-started';
export const LIVE_ACTION_REFRESHED = 'socket-refresh-live-data';
export const LIVE_ACTION_NEW_VISITOR = 'new-user-connected';
export const LIVE_ACTION_RETURNING_VISITOR = 'returning-user-connected';
export const LIVE_ACTIONS = [
  LIVE_ACTION_STARTED,
  LIVE_ACTION_REFRESHED,
  LIVE_ACTION_NEW_VISITOR,
  LIVE_ACTION_RETURNING_VISITOR,
] as const;
export type LiveAction = (typeof LIVE_ACTIONS)[number];

/** Spec §4 toasts: `new-user-connected` shows the first, any other visit action the second. */
export const LIVE_TOAST_NEW_VISITOR = 'کاربر جدید';
export const LIVE_TOAST_REVISIT = 'بازدید دوباره';

/** A domain as customers type it and trackers send it: lower case, no leading `www.`. */
export const liveDomainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .transform((value) => value.replace(/^www\./, ''))
  .pipe(z.string().regex(/^(?=.{1,253}$)([a-z0-9\u0600-\u06ff-]+\.)+[a-z\u0600-\u06ff-]{2,}$/));

/** The tracker's random visitor id (docs/live-protocol.md §2); the panel keeps one of its own. */
export const kwClientId = z.string().regex(/^[\w-]{22,64}$/);

/** Spec §3 "socket start payload": sent with `nodeMessage.start` and `refreshLiveData`. */
export const liveStartPayload = z.object({
  /** Never trusted: the server acts for the token's user whatever this says. */
  userId: z.string().max(64),
  domainName: liveDomainName,
  kwClientId,
});
export type LiveStartPayload = z.input<typeof liveStartPayload>;

export const liveUserCount = z.object({
  allVisitorsCount: z.number().int().nonnegative(),
  allVisitorsTodayCount: z.number().int().nonnegative(),
  newVisitorsTodayCount: z.number().int().nonnegative(),
  onlineVisitorsCount: z.number().int().nonnegative(),
});
export type LiveUserCount = z.infer<typeof liveUserCount>;

/** Spec §3 "live notification", the payload of `nodeMessage.notify`. */
export const liveNotification = z.object({
  action: z.enum(LIVE_ACTIONS),
  data: z.object({
    /** `connectDate`: the visit's time, or the answer's time for started/refresh (ISO 8601). */
    userData: z.object({ connectDate: timestamp }),
    userCount: liveUserCount,
  }),
});
export type LiveNotification = z.infer<typeof liveNotification>;

/** The tracker's `nodeMessage.visit` payload (docs/live-protocol.md §5); extra fields drop it. */
export const trackerVisit = z.strictObject({
  path: z.string().max(500),
  title: z.string().max(200),
  referrer: z.string().max(500),
  language: z.string().max(35),
  screen: z.string().max(20),
});
export type TrackerVisit = z.infer<typeof trackerVisit>;

export const liveDomain = z.object({
  domainName: z.string(),
  /** The service it comes from: «سایت‌ساز کسب‌وکار (sara-gallery.ir)». */
  serviceName: z.string(),
  /** Any visit ever received: false means the snippet is probably not installed yet. */
  hasVisits: z.boolean(),
});

export const getLiveDomains = defineCall({
  path: '/api/user/live/get-live-domains',
  summary: 'دامنه‌های کاربر برای پنل بازدیدکنندگان زنده و نشانی اسکریپت ردیاب',
  tag: 'live',
  access: 'user',
  request: z.strictObject({}),
  response: z.object({
    domains: z.array(liveDomain),
    /** The absolute URL of the tracker script for the snippet, on this server's public origin. */
    trackerScriptUrl: z.string(),
  }),
});

export const liveVisit = z.object({
  at: timestamp,
  path: z.string(),
  title: z.string(),
  referrer: z.string(),
  kind: z.enum(['new', 'returning']),
});
export type LiveVisit = z.infer<typeof liveVisit>;

export const getLiveActivity = defineCall({
  path: '/api/user/live/get-live-activity',
  summary: 'آخرین بازدیدهای یک دامنه و بازدیدهای امروز به تفکیک ساعت',
  tag: 'live',
  access: 'user',
  request: z.strictObject({ domainName: liveDomainName }),
  response: z.object({
    userCount: liveUserCount,
    /** The newest first, at most 30. */
    recentVisits: z.array(liveVisit),
    /** 24 entries, hour 0–23 of today in Asia/Tehran: page views in that hour. */
    visitsByHour: z.array(z.object({ hour: z.number().int(), visits: z.number().int() })),
  }),
});
