import { expect, test } from 'vitest';
import { defaultErrorMessages, errorCodes, errorStatus } from './errors';

test('every error code has an HTTP error status and a Persian default message', () => {
  for (const code of errorCodes) {
    expect(errorStatus[code]).toBeGreaterThanOrEqual(400);
    expect(defaultErrorMessages[code]).toMatch(/[\u0600-\u06FF]/);
  }
});

test('the codes API.md fixes keep their statuses', () => {
  expect(errorStatus).toMatchObject({
    VALIDATION: 400,
    INVALID_DATE: 400,
    UNAUTHENTICATED: 401,
    FORBIDDEN: 403,
    CSRF: 403,
    NOT_FOUND: 404,
    CONFLICT: 409,
    RATE_LIMITED: 429,
    INTERNAL: 500,
  });
});
