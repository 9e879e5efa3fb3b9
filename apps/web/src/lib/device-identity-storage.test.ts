import { describe, expect, test } from 'vitest';
import { createDeviceIdentityStorage, IDENTITY_KEY } from './device-identity-storage';
import { memoryPreferences } from './device-preferences';

const identity = { id: 'u1', jwtToken: 'header.payload.signature', refreshToken: 'r'.repeat(40) };

describe('device identity storage (spec §4, Android)', () => {
  test('keeps id, jwtToken and refreshToken as one JSON value under a vitrin. key', async () => {
    const preferences = memoryPreferences();
    const storage = createDeviceIdentityStorage(preferences);
    expect(storage.restoresFromCookie).toBe(false);
    await storage.save(identity);
    expect(IDENTITY_KEY).toBe('vitrin.identity');
    expect(JSON.parse(preferences.values.get(IDENTITY_KEY) ?? '')).toEqual(identity);
  });

  test('what was saved is loaded by a new instance, as after an app restart', async () => {
    const preferences = memoryPreferences();
    await createDeviceIdentityStorage(preferences).save(identity);
    expect(await createDeviceIdentityStorage(preferences).load()).toEqual(identity);
  });

  test('saving nothing (logout) removes the value', async () => {
    const preferences = memoryPreferences();
    const storage = createDeviceIdentityStorage(preferences);
    await storage.save(identity);
    await storage.save(null);
    expect(preferences.values.has(IDENTITY_KEY)).toBe(false);
    expect(await storage.load()).toBeNull();
  });

  test('nothing stored is signed out', async () => {
    expect(await createDeviceIdentityStorage(memoryPreferences()).load()).toBeNull();
  });

  test.each([
    ['not JSON', '{"id":"u1",'],
    ['JSON that is not an object', '"u1"'],
    ['a missing refresh token', JSON.stringify({ id: 'u1', jwtToken: 'a.b.c' })],
    ['an empty token', JSON.stringify({ ...identity, jwtToken: '' })],
    ['a token that is not text', JSON.stringify({ ...identity, refreshToken: 42 })],
  ])('a corrupt value (%s) is signed out and removed', async (_case, value) => {
    const preferences = memoryPreferences({ [IDENTITY_KEY]: value, 'vitrin.other': 'kept' });
    expect(await createDeviceIdentityStorage(preferences).load()).toBeNull();
    expect(preferences.values.has(IDENTITY_KEY)).toBe(false);
    expect(preferences.values.get('vitrin.other')).toBe('kept');
  });

  test('only the identity fields are kept, whatever else the object carries', async () => {
    const preferences = memoryPreferences();
    await createDeviceIdentityStorage(preferences).save({ ...identity, extra: 'x' } as never);
    expect(Object.keys(JSON.parse(preferences.values.get(IDENTITY_KEY) ?? ''))).toEqual([
      'id',
      'jwtToken',
      'refreshToken',
    ]);
  });
});
