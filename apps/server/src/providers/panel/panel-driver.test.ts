import { expect, test } from 'vitest';
import { redact } from './panel-driver';

test('a secret is redacted as it is, URL-encoded, form-encoded and JSON-escaped', () => {
  const secret = 'p@ss word!"(1)';
  const texts = [
    `password=${secret}`,
    `password=${encodeURIComponent(secret)}`,
    new URLSearchParams({ password: secret }).toString(),
    JSON.stringify({ password: secret }),
  ];
  for (const text of texts) {
    const redacted = redact(text, [secret, null, undefined, '']);
    expect(redacted, text).toContain('[redacted]');
    expect(redacted, text).not.toContain('word');
  }
  expect(redact('nothing secret here', ['token-1'])).toBe('nothing secret here');
});
