import {
  BLINK_DURATION_MS,
  FAN_SPEED_BOOST_MS,
  LIVE_ACTION_NEW_VISITOR,
  LIVE_ACTION_REFRESHED,
  LIVE_ACTION_STARTED,
  LIVE_TOAST_NEW_VISITOR,
  LIVE_TOAST_REVISIT,
  type LiveUserCount,
} from '@vitrin/contracts';

// The live panel's rules of spec §4, as plain data and functions of the clock: what a
// `nodeMessage.notify` changes, and what the panel shows at a given instant. Each timed effect
// (a blink, the fan's boost) is kept as the instant it ends, so the rules need no timers here;
// live-panel-controller.ts schedules the moments the view changes.

export type FanSpeed = 1 | 2;

export interface LivePanelState {
  connected: boolean;
  /** Null until the first answer for the chosen domain. */
  counts: LiveUserCount | null;
  /** The update blink (counts replaced by `socket-started` / `socket-refresh-live-data`). */
  updateBlinkUntil: number;
  /** Counts update blinks, so the view can restart its animation on the next one. */
  updateBlinks: number;
  /** The interaction blink (a visit). */
  interactionBlinkUntil: number;
  visits: number;
  fanBoostUntil: number;
  /** Spec §4 "last interaction": when the last notification of any kind arrived. */
  lastInteractionAt: number | null;
  /** `connectDate` of the last visit, as the server sent it. */
  lastVisitAt: string | null;
  /** The server's Persian reason for not answering (`nodeMessage.refused`). */
  refusal: string | null;
}

/** What the page shows at one instant. */
export interface LivePanelView {
  connected: boolean;
  counts: LiveUserCount | null;
  updateBlink: boolean;
  updateBlinks: number;
  interactionBlink: boolean;
  visits: number;
  fanSpeed: FanSpeed;
  lastVisitAt: string | null;
  refusal: string | null;
}

/** A notification as the panel reads it: any action is kept, an unknown one counts as a visit. */
export interface LiveNotice {
  action: string;
  counts: LiveUserCount | null;
  connectDate: string | null;
}

export const initialLivePanelState: LivePanelState = {
  connected: false,
  counts: null,
  updateBlinkUntil: 0,
  updateBlinks: 0,
  interactionBlinkUntil: 0,
  visits: 0,
  fanBoostUntil: 0,
  lastInteractionAt: null,
  lastVisitAt: null,
  refusal: null,
};

const COUNT_KEYS = [
  'allVisitorsCount',
  'allVisitorsTodayCount',
  'newVisitorsTodayCount',
  'onlineVisitorsCount',
] as const satisfies ReadonlyArray<keyof LiveUserCount>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readCounts(value: unknown): LiveUserCount | null {
  if (!isRecord(value)) return null;
  const counts: Partial<LiveUserCount> = {};
  for (const key of COUNT_KEYS) {
    const count = value[key];
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) return null;
    counts[key] = count;
  }
  return counts as LiveUserCount;
}

/**
 * Reads a `nodeMessage.notify` payload (contracts `liveNotification`) by hand: checking it with
 * the zod schema would ship zod to the browser, and would drop an action the schema does not
 * list, which spec §4 still shows as a revisit. Null when it has no action at all.
 */
export function readNotice(payload: unknown): LiveNotice | null {
  if (!isRecord(payload) || typeof payload.action !== 'string') return null;
  const data = isRecord(payload.data) ? payload.data : {};
  const userData = isRecord(data.userData) ? data.userData : {};
  return {
    action: payload.action,
    counts: readCounts(data.userCount),
    connectDate: typeof userData.connectDate === 'string' ? userData.connectDate : null,
  };
}

/** Spec §4: `socket-started` and `socket-refresh-live-data` answer the panel; anything else is a visit. */
export function isVisitAction(action: string): boolean {
  return action !== LIVE_ACTION_STARTED && action !== LIVE_ACTION_REFRESHED;
}

/** Spec §4: 'کاربر جدید' for `new-user-connected`, 'بازدید دوباره' for any other visit. */
export function visitToastText(action: string): string {
  return action === LIVE_ACTION_NEW_VISITOR ? LIVE_TOAST_NEW_VISITOR : LIVE_TOAST_REVISIT;
}

/** The state after a notification arriving at `now`. */
export function applyNotice(
  state: LivePanelState,
  notice: LiveNotice,
  now: number,
): LivePanelState {
  const counts = notice.counts ?? state.counts;
  if (!isVisitAction(notice.action)) {
    return {
      ...state,
      counts,
      updateBlinkUntil: now + BLINK_DURATION_MS,
      updateBlinks: state.updateBlinks + 1,
      lastInteractionAt: now,
      // An answer means the server accepted the start or refresh.
      refusal: null,
    };
  }
  return {
    ...state,
    counts,
    interactionBlinkUntil: now + BLINK_DURATION_MS,
    visits: state.visits + 1,
    // Spec §4: speed 2 for five minutes after each visit; a later visit restarts the five.
    fanBoostUntil: now + FAN_SPEED_BOOST_MS,
    lastInteractionAt: now,
    lastVisitAt: notice.connectDate ?? state.lastVisitAt,
  };
}

/** Another domain chosen: nothing of the last one's stays on screen. */
export function stateForNewDomain(state: LivePanelState): LivePanelState {
  return { ...initialLivePanelState, connected: state.connected };
}

export function viewAt(state: LivePanelState, now: number): LivePanelView {
  return {
    connected: state.connected,
    counts: state.counts,
    updateBlink: now < state.updateBlinkUntil,
    updateBlinks: state.updateBlinks,
    interactionBlink: now < state.interactionBlinkUntil,
    visits: state.visits,
    fanSpeed: now < state.fanBoostUntil ? 2 : 1,
    lastVisitAt: state.lastVisitAt,
    refusal: state.refusal,
  };
}

/** The next instant after `now` at which `viewAt` gives something else; null when none. */
export function nextViewChangeAt(state: LivePanelState, now: number): number | null {
  const ends = [state.updateBlinkUntil, state.interactionBlinkUntil, state.fanBoostUntil].filter(
    (end) => end > now,
  );
  return ends.length > 0 ? Math.min(...ends) : null;
}

export function sameView(a: LivePanelView, b: LivePanelView): boolean {
  return (Object.keys(a) as Array<keyof LivePanelView>).every((key) => a[key] === b[key]);
}
