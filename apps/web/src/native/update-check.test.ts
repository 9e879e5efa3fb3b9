import { describe, expect, test } from 'vitest';
import { memoryPreferences } from '../lib/device-preferences';
import {
  type AppVersionAnswer,
  compareVersions,
  decideUpdate,
  dismissNotice,
  isNoticeDismissed,
} from './update-check';

function answer(overrides: Partial<AppVersionAnswer> = {}): AppVersionAnswer {
  return {
    latest: '1.4.700',
    minimum: '1.4.700',
    updateRequired: false,
    updateAvailable: false,
    links: {
      apk: {
        url: 'https://vitrin.ir/downloads/vitrin-android.apk',
        sizeBytes: 7_340_032,
        sha256: 'a'.repeat(64),
        version: '1.4.700',
      },
      cafeBazaar: 'https://cafebazaar.ir/app/ir.vitrin.app',
      myket: null,
    },
    ...overrides,
  };
}

describe('version check (issue 9)', () => {
  test('versions compare as numbers, part by part', () => {
    expect(compareVersions('1.4.700', '1.4.99')).toBe(1);
    expect(compareVersions('1.4.99', '1.4.700')).toBe(-1);
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('2.0.0', '2.0.0')).toBe(0);
    // Something that is not a version never blocks the app.
    expect(compareVersions('1.4', '9.9.9')).toBe(0);
  });

  test('the latest version is current', () => {
    expect(decideUpdate(answer(), '1.4.700')).toEqual({ kind: 'current' });
  });

  test('below the minimum the update is required, with the links this server offers', () => {
    const decision = decideUpdate(
      answer({ latest: '1.5.0', minimum: '1.5.0', updateRequired: true, updateAvailable: true }),
      '1.4.700',
    );
    expect(decision.kind).toBe('required');
    expect(decision.kind !== 'current' && decision.links.map((link) => link.store)).toEqual([
      'apk',
      'cafe-bazaar',
    ]);
    expect(decision.kind !== 'current' && decision.links[0]?.sizeBytes).toBe(7_340_032);
  });

  test('an app that knows it is below the minimum is blocked even without the flag', () => {
    expect(decideUpdate(answer({ latest: '1.5.0', minimum: '1.5.0' }), '1.4.700').kind).toBe(
      'required',
    );
  });

  test('above the minimum but below the latest, a newer version is only offered', () => {
    const decision = decideUpdate(
      answer({ latest: '1.5.2', minimum: '1.4.0', updateAvailable: true }),
      '1.4.700',
    );
    expect(decision).toMatchObject({ kind: 'available', latest: '1.5.2' });
  });

  test('no links when the server offers none', () => {
    const decision = decideUpdate(
      answer({
        latest: '1.5.0',
        minimum: '1.5.0',
        updateRequired: true,
        links: { apk: null, cafeBazaar: null, myket: 'https://myket.ir/app/ir.vitrin.app' },
      }),
      '1.4.700',
    );
    expect(decision.kind !== 'current' && decision.links).toEqual([
      { store: 'myket', label: 'مایکت', url: 'https://myket.ir/app/ir.vitrin.app' },
    ]);
  });

  test('a closed notice stays closed for that version only', async () => {
    const preferences = memoryPreferences();
    expect(await isNoticeDismissed(preferences, '1.5.2')).toBe(false);
    await dismissNotice(preferences, '1.5.2');
    expect(await isNoticeDismissed(preferences, '1.5.2')).toBe(true);
    expect(await isNoticeDismissed(preferences, '1.5.3')).toBe(false);
  });
});
