import { expect, test } from 'vitest';
import { getRedDots, replaceRedDots, resetRedDotsToSignedOut, setRedDot } from './red-dots';

test('red-dot items are replaced by title when re-added', () => {
  replaceRedDots([]);
  setRedDot({ title: 'unread-replies', value: 2 });
  setRedDot({ title: 'unpaid-orders', value: 1 });
  setRedDot({ title: 'unread-replies', value: 5 });
  expect(getRedDots()).toEqual([
    { title: 'unpaid-orders', value: 1 },
    { title: 'unread-replies', value: 5 },
  ]);
});

test('after logout only the not-signed-in item remains', () => {
  setRedDot({ title: 'unread-replies', value: 3 });
  resetRedDotsToSignedOut();
  expect(getRedDots()).toEqual([{ title: 'not-signed-in', value: 1 }]);
});
