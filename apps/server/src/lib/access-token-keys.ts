// Access tokens name the key that signed them in their `kid` header, so the signing key can be
// rotated without signing anyone out: the current key signs, verify-only keys are still accepted
// (the previous key after a rotation, the next one before it). Sign-in codes are hashed with the
// same keys, so a rotation cannot break a code already sent (docs/decisions/0009).

export const MIN_ACCESS_TOKEN_SECRET_LENGTH = 32;
/** The id of the key JWT_SECRET names when JWT_KEY_ID is unset. */
export const DEFAULT_ACCESS_TOKEN_KEY_ID = 'default';
/** Letters, digits, `.`, `_` and `-`: ids such as `2026-11` or `k2`, never `:` or `,`. */
export const ACCESS_TOKEN_KEY_ID_PATTERN = /^[A-Za-z0-9._-]{1,40}$/;

export interface AccessTokenKey {
  id: string;
  secret: string;
}

export interface AccessTokenKeys {
  /** Signs every new token and hashes every new sign-in code. */
  current: AccessTokenKey;
  /** Accepted when checking only; an operator removes one once its last token has expired. */
  verifyOnly: AccessTokenKey[];
}

/** Every key a node accepts, the current one first. */
export function acceptedKeys(keys: AccessTokenKeys): AccessTokenKey[] {
  return [keys.current, ...keys.verifyOnly];
}

/**
 * The verify-only keys of JWT_VERIFY_KEYS (`id:secret,id:secret`) beside the current key, and
 * what is wrong with them, in words that never repeat a secret (start-up errors end up in logs).
 */
export function parseVerifyOnlyKeys(
  current: AccessTokenKey,
  text: string | undefined,
): { verifyOnly: AccessTokenKey[]; problems: string[] } {
  const problems: string[] = [];
  const verifyOnly: AccessTokenKey[] = [];
  const entries = (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  entries.forEach((entry, index) => {
    const colon = entry.indexOf(':');
    const id = colon > 0 ? entry.slice(0, colon) : '';
    const secret = colon > 0 ? entry.slice(colon + 1) : '';
    if (!ACCESS_TOKEN_KEY_ID_PATTERN.test(id) || secret === '') {
      problems.push(
        `entry ${index + 1} is not id:secret (the id of letters, digits, ".", "_" or "-", at most 40)`,
      );
      return;
    }
    if (secret.length < MIN_ACCESS_TOKEN_SECRET_LENGTH) {
      problems.push(
        `the secret of key "${id}" has ${secret.length} characters, at least ${MIN_ACCESS_TOKEN_SECRET_LENGTH} are needed`,
      );
      return;
    }
    if (id === current.id) {
      problems.push(
        `key "${id}" is the current key's id (JWT_KEY_ID); a key is either current or verify-only`,
      );
      return;
    }
    if (verifyOnly.some((key) => key.id === id)) {
      problems.push(`key "${id}" is listed twice`);
      return;
    }
    // Two ids for one secret is a rotation half done: tokens would carry an id whose secret
    // other nodes know differently, and they would refuse them.
    const twin = [current, ...verifyOnly].find((key) => key.secret === secret);
    if (twin) {
      problems.push(
        twin === current
          ? `key "${id}" has the current key's secret (JWT_SECRET); a rotation changes JWT_SECRET and JWT_KEY_ID together`
          : `keys "${twin.id}" and "${id}" have the same secret`,
      );
      return;
    }
    verifyOnly.push({ id, secret });
  });
  return { verifyOnly, problems };
}
