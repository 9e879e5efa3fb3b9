import { describe, expect, test } from 'vitest';
import { PULL_MAX_PX, PULL_THRESHOLD_PX, pullDistance } from './pull-to-refresh';

describe('pull to refresh', () => {
  test('the indicator follows at half the finger’s distance, up to its stop', () => {
    expect(pullDistance(-30)).toBe(0);
    expect(pullDistance(0)).toBe(0);
    expect(pullDistance(40)).toBe(20);
    expect(pullDistance(1000)).toBe(PULL_MAX_PX);
  });

  test('a short pull does not refresh; a long one does', () => {
    expect(pullDistance(100)).toBeLessThan(PULL_THRESHOLD_PX);
    expect(pullDistance(2 * PULL_THRESHOLD_PX)).toBeGreaterThanOrEqual(PULL_THRESHOLD_PX);
  });
});
