import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { SETTING_NAMES } from '../config';
import { serverRoot } from '../paths';

// The operator's files in deploy/ must not drift from what the server reads.
const deployDir = path.resolve(serverRoot, '../../deploy');

function settingsIn(file: string): Set<string> {
  const text = readFileSync(path.join(deployDir, file), 'utf8');
  return new Set([...text.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] ?? ''));
}

describe('deploy/vitrin.env.example', () => {
  const listed = settingsIn('vitrin.env.example');

  test('explains every setting the server reads', () => {
    expect(SETTING_NAMES.filter((name) => !listed.has(name))).toEqual([]);
  });

  test('names no setting the server does not read', () => {
    // OTEL_*: read by the OpenTelemetry SDK itself (docs/deploy.md).
    const unknown = [...listed].filter(
      (name) => !SETTING_NAMES.includes(name) && !name.startsWith('OTEL_'),
    );
    expect(unknown).toEqual([]);
  });

  test('leaves no real secret in the template: every secret is a CHANGE placeholder', () => {
    const text = readFileSync(path.join(deployDir, 'vitrin.env.example'), 'utf8');
    for (const name of ['JWT_SECRET', 'SECRET_KEYS', 'KAVENEGAR_API_KEY', 'DATABASE_URL']) {
      const line = text.split('\n').find((entry) => entry.startsWith(`${name}=`));
      expect(line, name).toMatch(/CHANGE/);
    }
  });
});
