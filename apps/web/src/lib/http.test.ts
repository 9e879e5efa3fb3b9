import { afterEach, beforeEach, expect, test, vi } from 'vitest';

// http.ts shows toasts through Mantine; a node test only needs the call to go through.
vi.mock('./toast', () => ({ showErrorToast: vi.fn(), showRetryToast: vi.fn() }));

const { callApi } = await import('./http');

interface Sent {
  headers: Record<string, string>;
  body: string;
}

let sent: Sent[];
let answers: Response[];

beforeEach(() => {
  sent = [];
  answers = [];
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push({ headers: init.headers as Record<string, string>, body: String(init.body) });
      const answer = answers.shift();
      if (!answer) throw new Error('no answer queued');
      return answer;
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function okAnswer(data: unknown, etag?: string): Response {
  return new Response(JSON.stringify({ ok: true, data }), {
    status: 200,
    headers: { 'content-type': 'application/json', ...(etag ? { etag } : {}) },
  });
}

test('asks again with If-None-Match and takes a 304 as the remembered answer', async () => {
  const data = { items: [], total: 0, page: 1, pageSize: 20 };
  answers.push(okAnswer(data, '"v1"'), new Response(null, { status: 304 }));
  const input = { group: 'vps' } as const;
  expect(await callApi('/api/store/get-products', input, { silent: true })).toEqual(data);
  expect(sent[0]?.headers['if-none-match']).toBeUndefined();
  expect(await callApi('/api/store/get-products', input, { silent: true })).toEqual(data);
  expect(sent[1]?.headers['if-none-match']).toBe('"v1"');
});

test('a different question is asked without the other answer’s ETag', async () => {
  answers.push(okAnswer({ n: 1 }, '"a"'), okAnswer({ n: 2 }, '"b"'));
  await callApi('/api/store/get-product', { slug: 'wp-pro' }, { silent: true });
  await callApi('/api/store/get-product', { slug: 'wp-start' }, { silent: true });
  expect(sent[1]?.headers['if-none-match']).toBeUndefined();
});

test('answers to signed-in calls are never remembered', async () => {
  answers.push(okAnswer({ ordersCount: 1 }, '"u"'), okAnswer({ ordersCount: 2 }, '"u"'));
  await callApi('/api/user/get-user-info', {}, { silent: true, accessToken: 'token' });
  await callApi('/api/user/get-user-info', {}, { silent: true, accessToken: 'token' });
  expect(sent[1]?.headers['if-none-match']).toBeUndefined();
});
