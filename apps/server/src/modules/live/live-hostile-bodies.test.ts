import { errorEnvelope, getLiveActivity, getLiveDomains, okEnvelope } from '@vitrin/contracts';
import fc from 'fast-check';
import { beforeAll, expect, test } from 'vitest';
import { createSignedInUser, type SignedInUser, send } from '../../test/api-kit';
import { setupTestApp } from '../../test/test-app';
import { freshLiveDomain, giveDomain } from './live-test-kit';

// The live panel's calls, signed in, against bodies of any shape: never a 5xx, never a word
// about another person's domain (the signed-out side is in plugins/bad-input.property.test.ts).

const t = setupTestApp();
let caller: SignedInUser;
const ownDomain = freshLiveDomain();
const strangerDomain = freshLiveDomain();

beforeAll(async () => {
  caller = await createSignedInUser(t.app, { firstName: 'سارا', lastName: 'محمدی' });
  const stranger = await createSignedInUser(t.app, { firstName: 'رضا', lastName: 'کریمی' });
  await giveDomain(t.app, caller.id, ownDomain);
  await giveDomain(t.app, stranger.id, strangerDomain);
  // The stranger's site has a visit the caller must never see.
  await t.app.live.service.recordVisit({
    domainName: strangerDomain,
    kwClientId: 'stranger-visitor-000000',
    at: new Date(),
    page: { path: '/secret-page', title: 'secret', referrer: '', language: '', screen: '' },
  });
  await t.app.live.service.flush();
});

const hostileValue = () =>
  fc.oneof(
    fc.constantFrom(strangerDomain, `www.${strangerDomain}`, strangerDomain.toUpperCase()),
    fc.constantFrom(ownDomain, `WWW.${ownDomain}`),
    fc.domain(),
    fc.string({ maxLength: 30 }),
    fc.constantFrom('', '\u0000', "' or 1=1 --", 'x'.repeat(5_000), `${ownDomain}\n`, '..ir'),
    fc.constantFrom(-1, 0, 1.5, true, null),
    fc.array(fc.domain(), { maxLength: 2 }),
  );

test.each([getLiveDomains, getLiveActivity].map((call) => [call.path, call] as const))(
  'signed-in hostile bodies to %s never answer 5xx, never another person’s domain',
  async (_, call) => {
    const fields = ['domainName', 'userId', 'page'];
    const success = okEnvelope(call.response);
    await fc.assert(
      fc.asyncProperty(
        fc.record(Object.fromEntries(fields.map((name) => [name, hostileValue()])), {
          requiredKeys: [],
        }),
        async (body) => {
          const response = await send(t.app, call.path, body, caller.token);
          expect(response.statusCode).toBeLessThan(500);
          expect(response.body).not.toContain('/secret-page');
          expect(response.body).not.toContain(strangerDomain);
          if (response.statusCode === 200) {
            expect(success.safeParse(response.json()).success).toBe(true);
            return;
          }
          expect(errorEnvelope.parse(response.json()).error.message).toMatch(/[\u0600-\u06FF]/);
        },
      ),
      { numRuns: 80 },
    );
  },
);
