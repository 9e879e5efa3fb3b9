import { afterEach, expect, test, vi } from 'vitest';

// The values are fixed when the module reads the build's variables, so each case loads it afresh.
async function configWith(env: { VITE_TARGET?: string; VITE_API_BASE?: string }) {
  vi.resetModules();
  vi.stubEnv('VITE_TARGET', env.VITE_TARGET);
  vi.stubEnv('VITE_API_BASE', env.VITE_API_BASE);
  return import('./config');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

test('the web build calls /api on its own origin', async () => {
  const config = await configWith({});
  expect(config.IS_ANDROID_BUILD).toBe(false);
  expect(config.API_BASE).toBe('/api');
  expect(config.API_ORIGIN).toBe('');
  expect((await configWith({ VITE_TARGET: 'web', VITE_API_BASE: '' })).API_BASE).toBe('/api');
});

test('the Android build calls the absolute base it was given, without a trailing slash', async () => {
  const config = await configWith({
    VITE_TARGET: 'android',
    VITE_API_BASE: 'https://vitrin.example/api/',
  });
  expect(config.IS_ANDROID_BUILD).toBe(true);
  expect(config.API_BASE).toBe('https://vitrin.example/api');
  expect(config.API_ORIGIN).toBe('https://vitrin.example');
});

test('a target or API base the app does not know stops it at once', async () => {
  await expect(configWith({ VITE_TARGET: 'ios' })).rejects.toThrow(/VITE_TARGET/);
  await expect(configWith({ VITE_API_BASE: 'vitrin.example/api' })).rejects.toThrow(
    /VITE_API_BASE/,
  );
});
