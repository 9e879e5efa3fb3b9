import { expect, test } from 'vitest';
import { type StaffWork, sectionWork, waitingWorkCount } from './staff-work';

const calm: StaffWork = {
  transferClaims: 0,
  transferClaimsLate: 0,
  needsAttention: 0,
  awaitingDelivery: 0,
  overdueDeliveries: 0,
  serverGroupsDown: [],
  domainsNeedingStaff: 0,
  taxDocumentsOverdue: 0,
};

test('the queue of work automation gave up on counts setups, late deliveries and domains', () => {
  const work = {
    ...calm,
    needsAttention: 2,
    awaitingDelivery: 5,
    overdueDeliveries: 1,
    domainsNeedingStaff: 3,
  };
  // A delivery by hand within its time is work, but nothing gave up on it.
  expect(waitingWorkCount(work)).toBe(6);
  expect(sectionWork(work).work).toEqual({
    count: 6,
    urgent: true,
    label: 'کار منتظر کارشناس',
  });
});

test('a menu with nothing waiting carries no count', () => {
  expect(sectionWork(calm)).toEqual({});
  expect(sectionWork({ ...calm, awaitingDelivery: 2 }).work).toBeUndefined();
  expect(sectionWork(undefined)).toEqual({});
});
