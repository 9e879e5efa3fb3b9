import { afterEach, expect, test, vi } from 'vitest';

// API_ORIGIN is fixed when the build reads VITE_API_BASE, so each case loads the module afresh.
async function mediaUrlWith(apiBase: string | undefined) {
  vi.resetModules();
  vi.stubEnv('VITE_API_BASE', apiBase);
  return (await import('./media-url')).mediaUrl;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

test('on the web every media path stays as it is', async () => {
  const mediaUrl = await mediaUrlWith(undefined);
  expect(mediaUrl('/media/uploads/catalog/a.png')).toBe('/media/uploads/catalog/a.png');
  expect(mediaUrl('/media/demo/x.svg')).toBe('/media/demo/x.svg');
});

test('in the Android app uploads come from the API’s server, bundled media from the app', async () => {
  const mediaUrl = await mediaUrlWith('https://vitrin.example/api');
  expect(mediaUrl('/media/uploads/catalog/a.png')).toBe(
    'https://vitrin.example/media/uploads/catalog/a.png',
  );
  expect(mediaUrl('/media/demo/x.svg')).toBe('/media/demo/x.svg');
  expect(mediaUrl(null)).toBeNull();
  expect(mediaUrl(undefined)).toBeUndefined();
});
