import { randomBytes } from 'node:crypto';
import tls from 'node:tls';
import { EppFrameReader, encodeEppFrame } from './epp-frame';
import {
  type EppNode,
  type EppResult,
  expectSuccess,
  loginCommand,
  logoutCommand,
  offeredExtensions,
  parseEpp,
  readResponse,
} from './epp-xml';
import { RegistrarError } from './registrar-driver';

// One EPP session with a registry (RFC 5730 §2, RFC 5734): a TLS connection that the server
// greets, a login, then commands one at a time, each answered before the next is sent (RFC 5734
// §3: a client must not pipeline unless the server says it may; we never do). The session is
// opened on the first command and kept; when the connection drops, or the server ends the
// session (25xx), the next command opens a new one and logs in again.

export interface EppEndpoint {
  host: string;
  port: number;
  /** The registry's CA (PEM), when its certificate is not signed by a public one. */
  ca?: string;
  /** Our client certificate and key (PEM), for registries that ask for one (RFC 5734 §9). */
  cert?: string;
  key?: string;
}

export interface EppLogin {
  clientId: string;
  password: string;
}

export interface EppSessionOptions {
  endpoint: EppEndpoint;
  login: EppLogin;
  /** The limit for one exchange (connect, greeting, a command's answer). */
  timeoutMs: number;
  /** Receives each exchange's XML, with passwords and transfer codes taken out. */
  onExchange?: (exchange: { command: string; answer: string | null; ms: number }) => void;
}

interface Waiter {
  resolve: (xml: string) => void;
  reject: (error: Error) => void;
}

/** Parses `host:port` (IPv6 in brackets). */
export function parseEppEndpoint(text: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:\s]+)):(\d{1,5})$/.exec(text.trim());
  const port = Number(match?.[3]);
  if (!match || !(port > 0 && port < 65536)) {
    throw new RegistrarError('protocol', `an EPP endpoint is host:port, not «${text}»`);
  }
  return { host: (match[1] ?? match[2]) as string, port };
}

/**
 * The XML with every `<pw>` and `<newPW>` emptied, whatever its prefix: the login's password,
 * and the transfer codes (`<domain:pw>`, `<contact:pw>`) that commands and info answers carry.
 */
export function withoutSecrets(xml: string): string {
  return xml.replace(/<((?:[\w.-]+:)?(?:pw|newPW))(\s[^>]*)?>[^<]*<\/\1>/g, '<$1$2>***</$1>');
}

export class EppSession {
  private socket: tls.TLSSocket | null = null;
  private reader = new EppFrameReader();
  private waiting: Waiter | null = null;
  private unread: string[] = [];
  private opening: Promise<void> | null = null;
  /** Commands in order: each starts when the one before has its answer. */
  private queue: Promise<unknown> = Promise.resolve();
  private sequence = 0;
  private closed = false;

  constructor(private readonly options: EppSessionOptions) {}

  /** Sends one command (built with `clTRID`) and answers its result; a 2xxx throws. */
  command(what: string, build: (clTRID: string) => string): Promise<EppResult> {
    const run = this.queue.then(async () => {
      if (this.closed) throw new RegistrarError('unreachable', 'the EPP session is closed');
      await this.open();
      const clTRID = this.nextTransactionId();
      const result = await this.exchange(build(clTRID));
      if (result.clTRID !== undefined && result.clTRID !== clTRID) {
        this.drop();
        throw new RegistrarError('protocol', `${what}: the answer was for ${result.clTRID}`);
      }
      // 25xx: the server has ended the session; the next command opens another.
      if (result.code >= 2500 && result.code < 2600) this.drop();
      return expectSuccess(result, what);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Logs out (RFC 5730 §2.9.1.2) and closes; later commands fail. */
  async close(): Promise<void> {
    const last = this.queue;
    this.closed = true;
    await last;
    if (this.socket && !this.socket.destroyed) {
      try {
        await this.exchange(logoutCommand(this.nextTransactionId()));
      } catch {
        // The session ends either way.
      }
    }
    this.drop();
  }

  private nextTransactionId(): string {
    this.sequence += 1;
    return `VITRIN-${randomBytes(4).toString('hex')}-${this.sequence}`;
  }

  private open(): Promise<void> {
    if (this.socket && !this.socket.destroyed) return Promise.resolve();
    this.opening ??= this.connectAndLogIn().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  private async connectAndLogIn(): Promise<void> {
    const { endpoint, login, timeoutMs } = this.options;
    this.reader = new EppFrameReader();
    this.unread = [];
    const socket = await new Promise<tls.TLSSocket>((resolve, reject) => {
      const timer = setTimeout(() => {
        candidate.destroy();
        reject(
          new RegistrarError('timeout', `no TLS connection to ${endpoint.host} in ${timeoutMs} ms`),
        );
      }, timeoutMs);
      const candidate = tls.connect({
        host: endpoint.host,
        port: endpoint.port,
        servername: /^[\d.:]+$/.test(endpoint.host) ? undefined : endpoint.host,
        ...(endpoint.ca ? { ca: endpoint.ca } : {}),
        ...(endpoint.cert && endpoint.key ? { cert: endpoint.cert, key: endpoint.key } : {}),
        minVersion: 'TLSv1.2',
      });
      candidate.once('secureConnect', () => {
        clearTimeout(timer);
        resolve(candidate);
      });
      candidate.once('error', (error) => {
        clearTimeout(timer);
        reject(
          new RegistrarError('unreachable', `EPP connection: ${error.message}`, { cause: error }),
        );
      });
    });
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () =>
      this.fail(new RegistrarError('unreachable', 'the EPP connection failed')),
    );
    socket.on('close', () => {
      if (this.socket === socket) this.socket = null;
      this.fail(new RegistrarError('unreachable', 'the EPP connection closed mid-command'));
    });
    // The greeting (RFC 5730 §2.4) comes unasked.
    const greeting = parseEpp(await this.nextFrame());
    if (!greeting.greeting) {
      this.drop();
      throw new RegistrarError('protocol', 'the EPP server did not greet');
    }
    const result = await this.exchange(
      loginCommand(
        login,
        this.nextTransactionId(),
        offeredExtensions(greeting.greeting as EppNode),
      ),
    );
    if (result.code !== 1000) {
      this.drop();
      expectSuccess(result, 'login');
      throw new RegistrarError('protocol', `login answered ${result.code}`);
    }
  }

  /** Writes one command and reads its answer within the time limit. */
  private async exchange(xml: string): Promise<EppResult> {
    const socket = this.socket;
    if (!socket || socket.destroyed) throw new RegistrarError('unreachable', 'no EPP connection');
    const started = performance.now();
    socket.write(encodeEppFrame(xml));
    let answer: string | null = null;
    try {
      answer = await this.nextFrame();
      return readResponse(parseEpp(answer));
    } catch (error) {
      // Whatever came after a lost answer would be read as the next command's: start over.
      this.drop();
      throw error;
    } finally {
      this.options.onExchange?.({
        command: withoutSecrets(xml),
        answer: answer === null ? null : withoutSecrets(answer),
        ms: Math.round(performance.now() - started),
      });
    }
  }

  private nextFrame(): Promise<string> {
    const ready = this.unread.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(new RegistrarError('timeout', `no EPP answer in ${this.options.timeoutMs} ms`));
      }, this.options.timeoutMs);
      this.waiting = {
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
    });
  }

  private receive(chunk: Buffer): void {
    let frames: string[];
    try {
      frames = this.reader.push(chunk);
    } catch (error) {
      this.fail(error as Error);
      this.drop();
      return;
    }
    for (const frame of frames) {
      const waiter = this.waiting;
      if (waiter) {
        this.waiting = null;
        waiter.resolve(frame);
      } else {
        this.unread.push(frame);
      }
    }
  }

  private fail(error: Error): void {
    const waiter = this.waiting;
    this.waiting = null;
    waiter?.reject(error);
  }

  private drop(): void {
    const socket = this.socket;
    this.socket = null;
    socket?.destroy();
  }
}
