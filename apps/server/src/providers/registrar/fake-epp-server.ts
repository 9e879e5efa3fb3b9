import tls from 'node:tls';
import { EppFrameReader, encodeEppFrame } from './epp-frame';
import { DOMAIN_NS, EPP_NS, type EppNode, parseEpp } from './epp-xml';

// A local EPP registry for the tests, speaking the protocol as the RFCs write it:
// - RFC 5734 (transport): TLS on a port of its own; each data unit framed by a 4-byte
//   big-endian length that counts itself (§4); the server greets on connect (§3).
// - RFC 5730 (core): <greeting> with svID, svDate and svcMenu (§2.4); <login> with clID and pw
//   answered 1000, or 2200 on a bad password (§2.9.1.1); <logout> answered 1500 and the
//   connection closed (§2.9.1.2); every response echoing the command's clTRID with an svTRID
//   of its own (§2.6); result codes from §3 (2001 a command it cannot read, 2002 a command
//   before login, 2502 past the session limit and the connection closed).
// - RFC 5731 (domain mapping): <domain:check> answered with <domain:chkData>, one <domain:cd>
//   per name with avail="1"/"0" and a <domain:reason> for the taken ones (§3.1.1).
// The XML follows the examples in those sections. It reads commands with the client's parser
// but writes its answers as literal XML, so the client's builder is not tested against itself.
//
// Fault injection: a delay before every answer, a connection dropped instead of answering the
// next N commands, a password that fails, and a limit on open sessions.

export interface FakeEppOptions {
  cert: string;
  key: string;
  clientId: string;
  password: string;
  /** Names registered at this registry: taken for a check. */
  names?: Iterable<string>;
  /** Sessions open at once before a login is answered 2502. */
  sessionLimit?: number;
}

export class FakeEppServer {
  readonly names: Set<string>;
  /** Every command read, by session number. */
  readonly log: Array<{ session: number; command: string }> = [];
  /** A command that came while another of the same session was unanswered (RFC 5734 §3). */
  pipelined = 0;
  logins = 0;
  delayMs = 0;
  /** The next this many commands are met by a dropped connection, not an answer. */
  dropNext = 0;
  private server: tls.Server | null = null;
  private sessions = 0;
  private open = new Set<tls.TLSSocket>();
  private transaction = 0;

  constructor(private readonly options: FakeEppOptions) {
    this.names = new Set(options.names ?? []);
  }

  async start(): Promise<{ host: string; port: number }> {
    const server = tls.createServer({ cert: this.options.cert, key: this.options.key }, (socket) =>
      this.serve(socket),
    );
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return { host: '127.0.0.1', port: address.port };
  }

  async stop(): Promise<void> {
    for (const socket of this.open) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** Cuts every open connection, as a registry restarting would. */
  dropAll(): void {
    for (const socket of this.open) socket.destroy();
  }

  private serve(socket: tls.TLSSocket): void {
    this.sessions += 1;
    const session = this.sessions;
    this.open.add(socket);
    const reader = new EppFrameReader();
    let loggedIn = false;
    let busy = false;
    socket.on('close', () => this.open.delete(socket));
    socket.on('error', () => socket.destroy());
    const send = (xml: string) => {
      if (!socket.destroyed) socket.write(encodeEppFrame(xml));
    };
    send(this.greeting());
    socket.on('data', (chunk: Buffer) => {
      let frames: string[];
      try {
        frames = reader.push(chunk);
      } catch {
        socket.destroy();
        return;
      }
      for (const frame of frames) {
        if (busy) this.pipelined += 1;
        busy = true;
        void this.answer(frame, session, loggedIn).then((answer) => {
          busy = false;
          if (answer.drop) {
            socket.destroy();
            return;
          }
          if (answer.loggedIn !== undefined) loggedIn = answer.loggedIn;
          send(answer.xml);
          if (answer.close) socket.end();
        });
      }
    });
  }

  private async answer(
    frame: string,
    session: number,
    loggedIn: boolean,
  ): Promise<{ xml: string; drop?: boolean; close?: boolean; loggedIn?: boolean }> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    let command: EppNode;
    let clTRID: string | undefined;
    try {
      command = parseEpp(frame).command as EppNode;
      clTRID = command?.clTRID === undefined ? undefined : String(command.clTRID);
    } catch {
      return { xml: this.result(2001, 'Command syntax error', undefined) };
    }
    const type = Object.keys(command ?? {}).find((key) => key !== 'clTRID' && !key.startsWith('@'));
    this.log.push({ session, command: type ?? '?' });
    if (this.dropNext > 0) {
      this.dropNext -= 1;
      return { xml: '', drop: true };
    }
    if (type === 'login') {
      const login = command.login as EppNode;
      if (this.options.sessionLimit !== undefined && this.open.size > this.options.sessionLimit) {
        return {
          xml: this.result(2502, 'Session limit exceeded; server closing connection', clTRID),
          close: true,
        };
      }
      if (
        String(login.clID) !== this.options.clientId ||
        String(login.pw) !== this.options.password
      ) {
        return { xml: this.result(2200, 'Authentication error', clTRID) };
      }
      this.logins += 1;
      return { xml: this.result(1000, 'Command completed successfully', clTRID), loggedIn: true };
    }
    if (type === 'logout') {
      return {
        xml: this.result(1500, 'Command completed successfully; ending session', clTRID),
        close: true,
        loggedIn: false,
      };
    }
    if (!loggedIn) return { xml: this.result(2002, 'Command use error', clTRID) };
    if (type === 'check') {
      const check = (command.check as EppNode).check as EppNode | undefined;
      const asked = check?.name;
      const names = (Array.isArray(asked) ? asked : [asked]).filter(Boolean).map(String);
      const cds = names.map((name) => {
        const taken = this.names.has(name.toLowerCase());
        return `<domain:cd><domain:name avail="${taken ? 0 : 1}">${escapeXml(name)}</domain:name>${taken ? '<domain:reason>In use</domain:reason>' : ''}</domain:cd>`;
      });
      return {
        xml: this.result(
          1000,
          'Command completed successfully',
          clTRID,
          `<resData><domain:chkData xmlns:domain="${DOMAIN_NS}">${cds.join('')}</domain:chkData></resData>`,
        ),
      };
    }
    return { xml: this.result(2101, 'Unimplemented command', clTRID) };
  }

  private greeting(): string {
    return `<?xml version="1.0" encoding="UTF-8" standalone="no"?><epp xmlns="${EPP_NS}"><greeting><svID>Vitrin fake EPP registry</svID><svDate>${new Date().toISOString()}</svDate><svcMenu><version>1.0</version><lang>en</lang><objURI>${DOMAIN_NS}</objURI></svcMenu><dcp><access><all/></access><statement><purpose><admin/><prov/></purpose><recipient><ours/></recipient><retention><stated/></retention></statement></dcp></greeting></epp>`;
  }

  private result(code: number, message: string, clTRID: string | undefined, resData = ''): string {
    this.transaction += 1;
    return `<?xml version="1.0" encoding="UTF-8" standalone="no"?><epp xmlns="${EPP_NS}"><response><result code="${code}"><msg>${escapeXml(message)}</msg></result>${resData}<trID>${clTRID === undefined ? '' : `<clTRID>${escapeXml(clTRID)}</clTRID>`}<svTRID>FAKE-${this.transaction}</svTRID></trID></response></epp>`;
  }
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
