import { QueryClient } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import {
  countPaidOrder,
  countSubmittedOrder,
  servicesCreatedBy,
  userInfoQueryKey,
  withOrderPaid,
  withOrderSubmitted,
} from './user-counts';

const newLine = { renewsServiceId: null, planChange: null };
const renewal = { renewsServiceId: 'service-1', planChange: null };
const planChange = {
  renewsServiceId: null,
  planChange: { serviceId: 'service-2', fromProductName: 'هاست لینوکس ۱ گیگ' },
};

test('a submitted order adds one to ordersCount and leaves servicesCount', () => {
  expect(withOrderSubmitted({ ordersCount: 2, servicesCount: 1 })).toEqual({
    ordersCount: 3,
    servicesCount: 1,
  });
});

test('a paid order adds its new lines to servicesCount, not its renewals', () => {
  const order = { lines: [newLine, renewal, newLine] };
  expect(servicesCreatedBy(order)).toBe(2);
  expect(withOrderPaid({ ordersCount: 3, servicesCount: 1 }, order)).toEqual({
    ordersCount: 3,
    servicesCount: 3,
  });
});

test('a paid plan change moves a service the person has: servicesCount stays', () => {
  const counts = { ordersCount: 4, servicesCount: 2 };
  expect(servicesCreatedBy({ lines: [planChange, newLine] })).toBe(1);
  expect(withOrderPaid(counts, { lines: [planChange] })).toBe(counts);
});

test('a paid order of renewals only leaves servicesCount as it was', () => {
  const counts = { ordersCount: 4, servicesCount: 2 };
  expect(withOrderPaid(counts, { lines: [renewal] })).toBe(counts);
});

test('the other fields of user info are kept', () => {
  const info = { id: 'u', firstName: 'سارا', ordersCount: 0, servicesCount: 0 };
  expect(withOrderPaid(withOrderSubmitted(info), { lines: [newLine] })).toEqual({
    id: 'u',
    firstName: 'سارا',
    ordersCount: 1,
    servicesCount: 1,
  });
});

function cacheWithUserInfo(userId: string, counts: { ordersCount: number; servicesCount: number }) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(userInfoQueryKey(userId), { id: userId, ...counts });
  return queryClient;
}

test('user info counts are updated in the cache, without asking the server', () => {
  const queryClient = cacheWithUserInfo('u1', { ordersCount: 1, servicesCount: 1 });
  countSubmittedOrder(queryClient, 'u1', { id: 'o1', status: 'pending', lines: [newLine] });
  expect(queryClient.getQueryData(userInfoQueryKey('u1'))).toMatchObject({
    ordersCount: 2,
    servicesCount: 1,
  });
  countPaidOrder(queryClient, 'u1', { id: 'o1', lines: [newLine] });
  expect(queryClient.getQueryData(userInfoQueryKey('u1'))).toMatchObject({
    ordersCount: 2,
    servicesCount: 2,
  });
});

test('an order paid at submit counts both the order and its services', () => {
  const queryClient = cacheWithUserInfo('u2', { ordersCount: 0, servicesCount: 0 });
  countSubmittedOrder(queryClient, 'u2', { id: 'o2', status: 'paid', lines: [newLine, renewal] });
  expect(queryClient.getQueryData(userInfoQueryKey('u2'))).toMatchObject({
    ordersCount: 1,
    servicesCount: 1,
  });
});

test('an order said to be paid twice adds its services once', () => {
  const queryClient = cacheWithUserInfo('u3', { ordersCount: 1, servicesCount: 0 });
  const order = { id: 'o3', lines: [newLine] };
  countPaidOrder(queryClient, 'u3', order);
  countPaidOrder(queryClient, 'u3', order);
  expect(queryClient.getQueryData(userInfoQueryKey('u3'))).toMatchObject({ servicesCount: 1 });
});

test('without cached user info nothing is made up', () => {
  const queryClient = new QueryClient();
  countSubmittedOrder(queryClient, 'u4', { id: 'o4', status: 'paid', lines: [newLine] });
  expect(queryClient.getQueryData(userInfoQueryKey('u4'))).toBeUndefined();
});
