import { TICKET_ATTACHMENT_MAX_BYTES } from '@vitrin/contracts';
import { expect, test } from 'vitest';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_EMPTY_MESSAGE,
  ATTACHMENT_TOO_LARGE_MESSAGE,
  ATTACHMENT_WRONG_TYPE_MESSAGE,
  checkAttachmentFile,
} from './attachment-check';

test('images and PDFs within the limit may be uploaded', () => {
  expect(checkAttachmentFile({ name: 'خطا.png', type: 'image/png', size: 20_000 })).toBeNull();
  expect(checkAttachmentFile({ name: 'فاکتور.PDF', type: 'application/pdf', size: 1 })).toBeNull();
  expect(
    checkAttachmentFile({ name: 'a.jpg', type: 'image/jpeg', size: TICKET_ATTACHMENT_MAX_BYTES }),
  ).toBeNull();
});

test('a file the browser has no type for is judged by its extension', () => {
  expect(checkAttachmentFile({ name: 'photo.WEBP', type: '', size: 10 })).toBeNull();
  expect(
    checkAttachmentFile({ name: 'scan.pdf', type: 'application/octet-stream', size: 10 }),
  ).toBeNull();
  expect(checkAttachmentFile({ name: 'archive.zip', type: '', size: 10 })).toBe(
    ATTACHMENT_WRONG_TYPE_MESSAGE,
  );
  expect(checkAttachmentFile({ name: 'no-extension', type: '', size: 10 })).toBe(
    ATTACHMENT_WRONG_TYPE_MESSAGE,
  );
});

test('other types are refused with a Persian message', () => {
  expect(checkAttachmentFile({ name: 'clip.mp4', type: 'video/mp4', size: 10 })).toBe(
    ATTACHMENT_WRONG_TYPE_MESSAGE,
  );
  expect(checkAttachmentFile({ name: 'photo.heic', type: 'image/heic', size: 10 })).toBe(
    ATTACHMENT_WRONG_TYPE_MESSAGE,
  );
  expect(ATTACHMENT_WRONG_TYPE_MESSAGE).toMatch(/[\u0600-\u06ff]/);
});

test('a file over 5 MB or an empty file is refused', () => {
  expect(
    checkAttachmentFile({
      name: 'a.png',
      type: 'image/png',
      size: TICKET_ATTACHMENT_MAX_BYTES + 1,
    }),
  ).toBe(ATTACHMENT_TOO_LARGE_MESSAGE);
  expect(ATTACHMENT_TOO_LARGE_MESSAGE).toContain('۵ مگابایت');
  expect(checkAttachmentFile({ name: 'a.png', type: 'image/png', size: 0 })).toBe(
    ATTACHMENT_EMPTY_MESSAGE,
  );
});

test('the picker offers every allowed type and extension', () => {
  expect(ATTACHMENT_ACCEPT.split(',')).toEqual(
    expect.arrayContaining(['image/png', 'application/pdf', '.jpg', '.jpeg', '.pdf', '.gif']),
  );
});
