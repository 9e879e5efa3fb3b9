import { expect, test } from 'vitest';
import { computeSecurityHeaders } from './security-headers';

test('security headers are helmet’s, computed once; HSTS only when asked for', () => {
  const development = computeSecurityHeaders({ strictTransportSecurity: false });
  expect(development).toMatchObject({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'x-frame-options': 'SAMEORIGIN',
  });
  expect(development['content-security-policy']).toContain("default-src 'self'");
  expect(development['strict-transport-security']).toBeUndefined();
  const production = computeSecurityHeaders({ strictTransportSecurity: true });
  expect(production['strict-transport-security']).toMatch(/^max-age=\d+/);
});
