import {
  LIVE_ACTION_NEW_VISITOR,
  LIVE_ACTION_STARTED,
  LIVE_ACTIONS,
  liveNotification,
} from '@vitrin/contracts';
import { describe, expect, test } from 'vitest';
import { isVisitAction, readNotice } from './live-panel-state';

const userCount = {
  allVisitorsCount: 120,
  allVisitorsTodayCount: 14,
  newVisitorsTodayCount: 3,
  onlineVisitorsCount: 2,
};

describe('reading nodeMessage.notify', () => {
  test('a contract payload is read whole', () => {
    const payload = liveNotification.parse({
      action: LIVE_ACTION_NEW_VISITOR,
      data: { userData: { connectDate: '2026-11-21T10:00:00.000Z' }, userCount },
    });
    expect(readNotice(payload)).toEqual({
      action: LIVE_ACTION_NEW_VISITOR,
      counts: userCount,
      connectDate: '2026-11-21T10:00:00.000Z',
    });
  });

  test('an action the contract does not list is kept (spec §4: any other action)', () => {
    expect(readNotice({ action: 'visitor-left', data: { userCount } })?.action).toBe(
      'visitor-left',
    );
  });

  test('counts that are not four whole numbers ≥ 0 are left out', () => {
    for (const bad of [
      { ...userCount, onlineVisitorsCount: -1 },
      { ...userCount, allVisitorsCount: '120' },
      { ...userCount, newVisitorsTodayCount: 1.5 },
      { allVisitorsCount: 1 },
    ]) {
      expect(readNotice({ action: LIVE_ACTION_STARTED, data: { userCount: bad } })?.counts).toBe(
        null,
      );
    }
  });

  test('a payload without an action is ignored', () => {
    expect(readNotice(null)).toBeNull();
    expect(readNotice('socket-started')).toBeNull();
    expect(readNotice({ data: { userCount } })).toBeNull();
  });

  test('of the contract’s actions, only started and refresh are not visits', () => {
    expect(LIVE_ACTIONS.filter((action) => !isVisitAction(action))).toEqual([
      'socket-started',
      'socket-refresh-live-data',
    ]);
  });
});
