import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import { newSecretKeyText, parseSecretKeys, SecretBox, SecretBoxError } from './secret-box';

const key = (id: string) => ({ id, key: randomBytes(32) });

test('a sealed secret opens to itself and does not contain it', () => {
  const box = new SecretBox([key('k1')]);
  const sealed = box.seal('whm-token-ABCDEF123');
  expect(sealed).not.toContain('whm-token');
  expect(sealed.startsWith('v1.k1.')).toBe(true);
  expect(box.open(sealed)).toBe('whm-token-ABCDEF123');
  // A fresh IV each time: the same secret never seals to the same text.
  expect(box.seal('whm-token-ABCDEF123')).not.toBe(sealed);
});

test('an altered sealed value is refused, without echoing it', () => {
  const box = new SecretBox([key('k1')]);
  const sealed = box.seal('گذرواژهٔ پنل');
  const parts = sealed.split('.');
  const body = Buffer.from(parts[4] as string, 'base64url');
  body[0] = (body[0] as number) ^ 1;
  parts[4] = body.toString('base64url');
  expect(() => box.open(parts.join('.'))).toThrow(SecretBoxError);
  expect(() => box.open('plain text')).toThrow('not a sealed value');
});

test('after rotation the new key seals, the old still opens, and stale values are told apart', () => {
  const old = key('2026a');
  const before = new SecretBox([old]);
  const sealedBefore = before.seal('token-1');
  const after = new SecretBox([key('2026b'), old]);
  expect(after.open(sealedBefore)).toBe('token-1');
  expect(after.isStale(sealedBefore)).toBe(true);
  const resealed = after.seal(after.open(sealedBefore));
  expect(after.isStale(resealed)).toBe(false);
  // Once the old key is dropped, what it sealed no longer opens.
  expect(() => new SecretBox([key('2026b')]).open(sealedBefore)).toThrow('not configured');
});

test('keys are read from id:base64 lists and bad ones are named', () => {
  const text = `${newSecretKeyText('new')},${newSecretKeyText('old')}`;
  expect(parseSecretKeys(text).map((entry) => entry.id)).toEqual(['new', 'old']);
  expect(() => parseSecretKeys('k1:c2hvcnQ=')).toThrow('must be 32 bytes');
  expect(() => parseSecretKeys('no-key-here')).toThrow('is not id:base64key');
  const one = newSecretKeyText('same');
  expect(() => parseSecretKeys(`${one},${one}`)).toThrow('two keys share an id');
});
