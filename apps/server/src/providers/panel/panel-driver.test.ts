import { expect, test } from 'vitest';
import { redact } from './panel-driver';

test('a secret is redacted as it is, URL-encoded, form-encoded and JSON-escaped', () => {
  const secret = 'p@ss word!"(1)';
  const texts = [
    `k=${secret}`,
    `k=${encodeURIComponent(secret)}`,
    new URLSearchParams({ k: secret }).toString(),
    JSON.stringify({ k: secret }),
  ];
  for (const text of texts) {
    const redacted = redact(text, [secret, null, undefined, '']);
    expect(redacted, text).toContain('[redacted]');
    expect(redacted, text).not.toContain('word');
  }
  expect(redact('nothing secret here', ['token-1'])).toBe('nothing secret here');
});
