import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { checkPasswordStrength, weakPasswordMessage } from '@vitrin/contracts/password-strength';
import { AppError } from '../../lib/app-error';

// OWASP's scrypt floor is N=2^17 with r=8, p=1: 128 MiB and ~520 ms per hash on our 2-core
// machines (bench/password-hash.ts), ~3 sign-ins a second. 2^15 is 32 MiB and ~160 ms, ~12 a
// second; stored hashes carry their parameters, so raising N later needs no migration.
const COST: Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>> = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, cost: typeof COST): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...cost, maxmem: 256 * cost.N * cost.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** Hashes a password with scrypt and a per-user salt: `scrypt$N$r$p$salt$key`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Refuses a new password that is easy to guess for this person (common, built from their number
 * or name) with `400 VALIDATION` and the Persian reason under `field`. The dictionaries load on
 * the first call of the process (~0.5 s), not at start.
 */
export async function assertStrongPassword(
  password: string,
  userInputs: readonly string[],
  field: 'password' | 'newPassword',
): Promise<void> {
  const strength = await checkPasswordStrength(password, userInputs);
  if (strength.strong) return;
  const message = weakPasswordMessage(strength);
  throw new AppError('VALIDATION', message, { fields: { [field]: message } });
}
