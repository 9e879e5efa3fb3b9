import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { localServerUrl } from '../../../scripts/server-url.mjs';

// `npm run demo:visitors` goes where `npm start` serves (issue 35 item 14): the same PUBLIC_URL,
// HOST and PORT settings, not always localhost:3000.

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('the address npm start serves, from its settings', () => {
  test('PORT and HOST as the server listens; PUBLIC_URL when set', () => {
    expect(localServerUrl({})).toBe('http://127.0.0.1:3000');
    expect(localServerUrl({ PORT: '4100' })).toBe('http://127.0.0.1:4100');
    expect(localServerUrl({ PORT: '4100', HOST: '0.0.0.0' })).toBe('http://127.0.0.1:4100');
    expect(localServerUrl({ PORT: '4100', HOST: '192.168.1.20' })).toBe('http://192.168.1.20:4100');
    expect(localServerUrl({ PORT: '4100', HOST: '::1' })).toBe('http://[::1]:4100');
    expect(localServerUrl({ PORT: '4100', PUBLIC_URL: 'https://demo.vitrin.ir/' })).toBe(
      'https://demo.vitrin.ir',
    );
  });
});

describe('npm run demo:visitors', () => {
  let server: Server | undefined;
  let child: ChildProcess | undefined;
  afterEach(async () => {
    child?.kill('SIGTERM');
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  test('connects to the PORT and HOST npm start listens on', async () => {
    const visits: string[] = [];
    server = createServer((request, response) => {
      visits.push(request.url ?? '');
      response.writeHead(404).end();
    });
    // The socket.io client opens a WebSocket: its upgrade request is the visit.
    server.on('upgrade', (request, socket) => {
      visits.push(request.url ?? '');
      socket.destroy();
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const { PUBLIC_URL: _unset, ...env } = process.env;
    child = spawn(
      process.execPath,
      ['scripts/demo-visitors.mjs', '--visitors', '1', '--every-ms', '60000'],
      {
        cwd: repoRoot,
        env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    await expect.poll(() => visits.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(visits[0]).toMatch(/^\/socket\.io\/\?.*transport=websocket/);
    expect(output).toContain(`http://127.0.0.1:${port}`);
  });
});
