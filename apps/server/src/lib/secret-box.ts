import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Secrets we must be able to read back (a panel server's API token, a hosting account's first
// password) are sealed with AES-256-GCM before they reach the database (issue 20). A sealed
// value names the key that sealed it, so keys can be rotated: the first key seals, every key
// listed opens (docs/decisions/0020-provisioning.md, "Rotating the key").

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const FORMAT = 'v1';

export interface SecretKey {
  /** Short name written beside each sealed value: letters, digits, `-` and `_`. */
  id: string;
  key: Buffer;
}

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/** Parses `id:base64key[,id:base64key…]`; answers the problem in words when it cannot. */
export function parseSecretKeys(text: string): SecretKey[] {
  const keys = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [id, encoded, ...rest] = entry.split(':');
      if (!id || !encoded || rest.length > 0 || !/^[A-Za-z0-9_-]{1,32}$/.test(id)) {
        throw new SecretBoxError(`"${id ?? ''}:…" is not id:base64key`);
      }
      const key = Buffer.from(encoded, 'base64');
      if (key.length !== KEY_BYTES) {
        throw new SecretBoxError(
          `key ${id} must be ${KEY_BYTES} bytes (base64), not ${key.length}`,
        );
      }
      return { id, key };
    });
  if (keys.length === 0) throw new SecretBoxError('no key given');
  if (new Set(keys.map((key) => key.id)).size !== keys.length) {
    throw new SecretBoxError('two keys share an id');
  }
  return keys;
}

/** A new random key in the `id:base64key` form. */
export function newSecretKeyText(id: string): string {
  return `${id}:${randomBytes(KEY_BYTES).toString('base64')}`;
}

export class SecretBox {
  private readonly byId: Map<string, Buffer>;

  constructor(private readonly keys: readonly SecretKey[]) {
    if (keys.length === 0) throw new SecretBoxError('no key given');
    this.byId = new Map(keys.map((key) => [key.id, key.key]));
  }

  /** `v1.<key id>.<iv>.<tag>.<ciphertext>`, all base64url. */
  seal(plain: string): string {
    const sealing = this.keys[0] as SecretKey;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, sealing.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [FORMAT, sealing.id, iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [format, keyId, iv, tag, body, ...rest] = sealed.split('.');
    if (
      format !== FORMAT ||
      !keyId ||
      iv === undefined ||
      !tag ||
      body === undefined ||
      rest.length
    ) {
      throw new SecretBoxError('not a sealed value');
    }
    const key = this.byId.get(keyId);
    if (!key) throw new SecretBoxError(`sealed with key ${keyId}, which is not configured`);
    try {
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      // Never echo the value or the key: only that it did not open.
      throw new SecretBoxError(
        `a value sealed with key ${keyId} did not open (altered or wrong key)`,
      );
    }
  }

  /** Whether `sealed` was sealed with another key than the current one (to reseal it). */
  isStale(sealed: string): boolean {
    return sealed.split('.')[1] !== this.keys[0]?.id;
  }
}
