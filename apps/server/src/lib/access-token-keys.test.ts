import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../config';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'vitrin-token-keys-'));
const currentSecret = 'current-secret-0123456789-abcdefghij';
const olderSecret = 'older-secret:with-a-colon-0123456789ab';
const nextSecret = 'next-secret-0123456789-abcdefghijklmn';

/** The reasons loadConfig gives for refusing `env`. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('loadConfig accepted the settings');
}

describe('access-token key settings', () => {
  test('with no settings the generated secret signs as key "default" and nothing else is accepted', () => {
    const dataDir = tempDir();
    const { accessTokenKeys } = loadConfig({ DATA_DIR: dataDir });
    expect(accessTokenKeys).toEqual({
      current: {
        id: 'default',
        secret: readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim(),
      },
      verifyOnly: [],
    });
  });

  test('JWT_KEY_ID names the current key and JWT_VERIFY_KEYS lists the keys only accepted', () => {
    const { accessTokenKeys } = loadConfig({
      DATA_DIR: tempDir(),
      JWT_SECRET: currentSecret,
      JWT_KEY_ID: '2026-11',
      // Spaces and an empty entry are forgiven; a secret may hold a colon, the id may not.
      JWT_VERIFY_KEYS: ` 2026-10:${olderSecret} , 2026-12:${nextSecret},`,
    });
    expect(accessTokenKeys).toEqual({
      current: { id: '2026-11', secret: currentSecret },
      verifyOnly: [
        { id: '2026-10', secret: olderSecret },
        { id: '2026-12', secret: nextSecret },
      ],
    });
  });

  test('a malformed entry, a short secret, a repeated id or secret are each named, never a secret', () => {
    const problems = problemsOf({
      JWT_SECRET: currentSecret,
      JWT_KEY_ID: 'k2',
      JWT_VERIFY_KEYS: [
        olderSecret.replace(':', ''), // no id at all
        `bad id:${nextSecret}`,
        'k1:too-short',
        `k2:${nextSecret}`, // the current key's id
        `k3:${olderSecret}`,
        `k3:${nextSecret}`, // k3 again
        `k4:${currentSecret}`, // JWT_SECRET under another id: a rotation half done
        `k5:${olderSecret}`, // k3's secret
      ].join(','),
    });
    expect(problems).toEqual([
      'JWT_VERIFY_KEYS: entry 1 is not id:secret (the id of letters, digits, ".", "_" or "-", at most 40)',
      'JWT_VERIFY_KEYS: entry 2 is not id:secret (the id of letters, digits, ".", "_" or "-", at most 40)',
      'JWT_VERIFY_KEYS: the secret of key "k1" has 9 characters, at least 32 are needed',
      `JWT_VERIFY_KEYS: key "k2" is the current key's id (JWT_KEY_ID); a key is either current or verify-only`,
      'JWT_VERIFY_KEYS: key "k3" is listed twice',
      `JWT_VERIFY_KEYS: key "k4" has the current key's secret (JWT_SECRET); a rotation changes JWT_SECRET and JWT_KEY_ID together`,
      'JWT_VERIFY_KEYS: keys "k3" and "k5" have the same secret',
    ]);
    const text = problems.join('\n');
    for (const secret of [currentSecret, olderSecret, nextSecret, 'too-short']) {
      expect(text).not.toContain(secret);
    }
  });

  test('a current key id with other characters, or a short JWT_SECRET, stops the start', () => {
    expect(problemsOf({ JWT_SECRET: currentSecret, JWT_KEY_ID: 'key:1' })).toEqual([
      'JWT_KEY_ID: letters, digits, ".", "_" or "-", at most 40',
    ]);
    expect(problemsOf({ JWT_SECRET: 'x'.repeat(31) }).join('\n')).toMatch(/^JWT_SECRET: /);
  });

  test('verify-only keys sit beside the generated secret too, under its default id', () => {
    expect(problemsOf({ JWT_VERIFY_KEYS: `default:${nextSecret}` })).toEqual([
      `JWT_VERIFY_KEYS: key "default" is the current key's id (JWT_KEY_ID); a key is either current or verify-only`,
    ]);
  });
});
