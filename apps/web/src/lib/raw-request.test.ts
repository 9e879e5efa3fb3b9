import { afterEach, beforeEach, expect, test, vi } from 'vitest';

vi.mock('./toast', () => ({ showErrorToast: vi.fn(), showRetryToast: vi.fn() }));

const { ApiRequestError, rawRequestInit, readEnvelope } = await import('./http');

beforeEach(() => {
  vi.stubGlobal('document', { cookie: 'other=1; XSRF-TOKEN=abc%3D' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

test('an upload outside callApi carries the same CSRF header and bearer token', () => {
  const init = rawRequestInit('/api/user/tickets/upload-attachment', 'jwt');
  expect(init.url).toBe('/api/user/tickets/upload-attachment');
  expect(init.headers).toEqual({ 'x-xsrf-token': 'abc=', authorization: 'Bearer jwt' });
  expect(init.credentials).toBe('same-origin');
});

test('the data of a successful envelope is returned', () => {
  const attachment = { id: 'a', fileName: 'x.png', contentType: 'image/png', sizeBytes: 3 };
  expect(readEnvelope(200, { ok: true, data: attachment })).toEqual(attachment);
});

test('a refused upload throws the server’s Persian message with its status', () => {
  const body = { ok: false, error: { code: 'VALIDATION', message: 'نوع فایل مجاز نیست' } };
  let thrown: unknown;
  try {
    readEnvelope(415, body);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ApiRequestError);
  expect(thrown).toMatchObject({ status: 415, code: 'VALIDATION', message: 'نوع فایل مجاز نیست' });
});

test('an answer that is not our envelope (a proxy’s page) is UNAVAILABLE', () => {
  expect(() => readEnvelope(502, undefined)).toThrow(ApiRequestError);
  try {
    readEnvelope(413, '<html>');
  } catch (error) {
    expect(error).toMatchObject({ status: 413, code: 'UNAVAILABLE' });
  }
  expect.assertions(2);
});
