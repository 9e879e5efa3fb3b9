import { randomBytes } from 'node:crypto';
import {
  type PathInput,
  TICKET_ATTACHMENT_PATH,
  TICKET_UPLOAD_PATH,
  type TicketAttachmentType,
} from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect } from 'vitest';
import type { ConsoleSmsSender } from '../../providers/sms/console-sms';
import { services, ticketMessages } from '../../schema';
import { createSignedInUser, freshAddress, ok, type SignedInUser, send } from '../../test/api-kit';
import { setupTestApp } from '../../test/test-app';
import type { TicketAttachmentView } from './ticket-attachments';

// Shared by the tickets' test files: people who open tickets, multipart bodies built by hand as
// a browser sends them, and sample files of each type.

export type Person = SignedInUser;

/** A verified person (a customer unless told) with an open session and its access token. */
export function createPerson(
  app: FastifyInstance,
  options: {
    role?: 'customer' | 'admin';
    firstName?: string | null;
    lastName?: string | null;
  } = {},
): Promise<Person> {
  return createSignedInUser(app, {
    role: options.role,
    firstName: options.firstName === undefined ? 'نرگس' : options.firstName,
    lastName: options.lastName === undefined ? 'پرسشگر' : options.lastName,
  });
}

/**
 * The app for a tickets test file, with a staff member to answer its tickets: both made before
 * the file's first test (call at the file's top level).
 */
export function setupTicketsTest(staffNames: { firstName?: string; lastName?: string } = {}): {
  readonly app: FastifyInstance;
  readonly staff: Person;
} {
  const t = setupTestApp();
  let staff: Person | undefined;
  beforeAll(async () => {
    staff = await createPerson(t.app, { role: 'admin', ...staffNames });
  });
  return {
    get app() {
      return t.app;
    },
    get staff() {
      if (!staff) throw new Error('the staff member is made in beforeAll');
      return staff;
    },
  };
}

/** A service of `owner`'s, as a paid order would have made it. */
export async function createService(
  app: FastifyInstance,
  owner: Person,
  name: string,
): Promise<string> {
  const [row] = await app.db
    .insert(services)
    .values({ userId: owner.id, name, status: 'active', domainName: 'example-site.ir' })
    .returning({ id: services.id });
  if (!row) throw new Error('service insert returned no row');
  return row.id;
}

export const NEW_TICKET = {
  department: 'technical',
  priority: 'normal',
  subject: 'سایت باز نمی‌شود',
  body: 'از امروز صبح سایت من باز نمی‌شود و خطای ۵۰۰ می‌دهد.',
} as const;

/** A ticket `owner` opens through the API. */
export function openTicket(
  app: FastifyInstance,
  owner: Person,
  overrides: Partial<PathInput<'/api/user/tickets/submit-ticket'>> = {},
) {
  return ok(app, '/api/user/tickets/submit-ticket', { ...NEW_TICKET, ...overrides }, owner.token);
}

export function ticketDetail(app: FastifyInstance, owner: Person, ticketId: string) {
  return ok(app, '/api/user/tickets/get-ticket-detail', { ticketId }, owner.token);
}

/** The unread-replies red dot `who` sees (0 when the dot is not shown). */
export async function unreadDot(app: FastifyInstance, who: Person): Promise<number> {
  const dots = await ok(app, '/api/app/get-red-dot-info', {}, who.token);
  return dots.find((dot) => dot.title === 'unread-ticket-replies')?.value ?? 0;
}

/** The SMS the console sender has sent to `mobile`. */
export function smsTo(app: FastifyInstance, mobile: string) {
  return (app.sms as ConsoleSmsSender).sent.filter((entry) => entry.to === mobile);
}

export async function messageRow(app: FastifyInstance, messageId: string) {
  const [row] = await app.db.select().from(ticketMessages).where(eq(ticketMessages.id, messageId));
  if (!row) throw new Error(`no message ${messageId}`);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Files

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Small files of each accepted type (their signatures are what the server reads) and a text. */
export const SAMPLE_FILES = {
  png: PNG_1X1,
  jpeg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
    Buffer.from([0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    randomBytes(64),
    Buffer.from([0xff, 0xd9]),
  ]),
  pdf: Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  ),
  gif: Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]),
  webp: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x1a, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(14),
  ]),
  text: Buffer.from('این یک فایل متنی است، نه تصویر.\n<script>alert(1)</script>\n'),
} as const;

export const SAMPLE_TYPES: Record<
  Exclude<keyof typeof SAMPLE_FILES, 'text'>,
  TicketAttachmentType
> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** A PNG of exactly `size` bytes: a real image followed by padding. */
export function pngOfSize(size: number): Buffer {
  return Buffer.concat([PNG_1X1, Buffer.alloc(size - PNG_1X1.length)]);
}

export interface FormPart {
  name: string;
  /** Present: the part is a file with this name. */
  fileName?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body as a browser sends it (RFC 7578). */
export function multipartBody(parts: readonly FormPart[]): {
  payload: Buffer;
  contentType: string;
} {
  const boundary = `----VitrinFormBoundary${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const fileName = part.fileName === undefined ? '' : `; filename="${part.fileName}"`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${fileName}\r\n${type}\r\n`,
      ),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** POSTs a multipart body to the upload path. */
export function postForm(
  app: FastifyInstance,
  parts: readonly FormPart[],
  token: string | undefined,
  headers: Record<string, string> = {},
) {
  const { payload, contentType } = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: TICKET_UPLOAD_PATH,
    remoteAddress: freshAddress(),
    headers: {
      'content-type': contentType,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    payload,
  });
}

/** Uploads one file as the web app does (field `file`). */
export function upload(
  app: FastifyInstance,
  token: string | undefined,
  file: { name: string; bytes: Buffer; contentType?: string },
) {
  return postForm(
    app,
    [
      {
        name: 'file',
        fileName: file.name,
        contentType: file.contentType ?? 'application/octet-stream',
        data: file.bytes,
      },
    ],
    token,
  );
}

/** An upload that must succeed: the attachment the envelope carries. */
export async function uploaded(
  app: FastifyInstance,
  who: Person,
  file: { name: string; bytes: Buffer; contentType?: string },
): Promise<TicketAttachmentView> {
  const response = await upload(app, who.token, file);
  expect(response.statusCode, response.body).toBe(200);
  const envelope = response.json() as { ok: true; data: TicketAttachmentView };
  expect(envelope.ok).toBe(true);
  return envelope.data;
}

/** Reads an attachment back (its bytes, or the error envelope). */
export function download(app: FastifyInstance, token: string | undefined, body: unknown) {
  return send(app, TICKET_ATTACHMENT_PATH, body, token);
}
