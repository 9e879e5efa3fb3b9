import { TICKET_ATTACHMENTS_PER_MESSAGE } from '@vitrin/contracts';
import { expect, test } from 'vitest';
import { ATTACHMENT_LIMIT_MESSAGE, ATTACHMENT_WRONG_TYPE_MESSAGE } from './attachment-check';
import {
  type AttachmentUpload,
  attachedIds,
  canRetry,
  isUploading,
  planUploads,
  roomLeft,
  type UploadsAction,
  uploadsReducer,
} from './attachment-uploads';
import type { TicketAttachment } from './ticket-attachments';

const png = (key: string) => ({ key, file: { name: `${key}.png`, type: 'image/png', size: 100 } });
const stored = (id: string): TicketAttachment => ({
  id,
  fileName: `${id}.png`,
  contentType: 'image/png',
  sizeBytes: 100,
});

function run(actions: UploadsAction[], start: readonly AttachmentUpload[] = []) {
  return actions.reduce(uploadsReducer, start);
}

test('picked files that pass the check start uploading; others are refused with the reason', () => {
  const rows = planUploads(
    [],
    [png('a'), { key: 'b', file: { name: 'b.zip', type: '', size: 9 } }],
  );
  expect(rows.map((row) => row.phase)).toEqual(['uploading', 'refused']);
  expect(rows[1]?.problem).toBe(ATTACHMENT_WRONG_TYPE_MESSAGE);
});

test('files past the per-message limit are refused, counting those already there', () => {
  const first = planUploads([], [png('a'), png('b')]);
  const state = run([{ type: 'added', uploads: first }]);
  const more = Array.from({ length: TICKET_ATTACHMENTS_PER_MESSAGE }, (_, i) => png(`m${i}`));
  const rows = planUploads(state, more);
  const accepted = rows.filter((row) => row.phase === 'uploading');
  expect(accepted).toHaveLength(TICKET_ATTACHMENTS_PER_MESSAGE - 2);
  expect(rows.at(-1)?.problem).toBe(ATTACHMENT_LIMIT_MESSAGE);
});

test('progress only grows, and an uploaded file gives its id to the message', () => {
  const state = run([
    { type: 'added', uploads: planUploads([], [png('a'), png('b')]) },
    { type: 'progressed', key: 'a', progress: 0.5 },
    { type: 'progressed', key: 'a', progress: 0.2 },
    { type: 'uploaded', key: 'b', attachment: stored('id-b') },
  ]);
  expect(state[0]?.progress).toBe(0.5);
  expect(isUploading(state)).toBe(true);
  expect(attachedIds(state)).toEqual(['id-b']);
  const done = uploadsReducer(state, { type: 'uploaded', key: 'a', attachment: stored('id-a') });
  expect(isUploading(done)).toBe(false);
  expect(attachedIds(done)).toEqual(['id-a', 'id-b']);
});

test('a removed (cancelled) upload that answers late changes nothing', () => {
  const state = run([
    { type: 'added', uploads: planUploads([], [png('a')]) },
    { type: 'removed', key: 'a' },
    { type: 'uploaded', key: 'a', attachment: stored('id-a') },
  ]);
  expect(state).toEqual([]);
});

test('a failed upload frees its place and is sent again only if retryable and room is left', () => {
  const failed = run([
    { type: 'added', uploads: planUploads([], [png('a'), png('b')]) },
    { type: 'failed', key: 'a', problem: 'دوباره تلاش کنید', retryable: true },
    { type: 'failed', key: 'b', problem: 'نوع فایل مجاز نیست', retryable: false },
  ]);
  expect(roomLeft(failed)).toBe(TICKET_ATTACHMENTS_PER_MESSAGE);
  expect(canRetry(failed, 'b')).toBe(false);
  const retried = uploadsReducer(failed, { type: 'retried', key: 'a' });
  expect(retried[0]).toMatchObject({ phase: 'uploading', progress: 0, problem: null });

  const full = run(
    [
      {
        type: 'added',
        uploads: planUploads(
          failed,
          Array.from({ length: TICKET_ATTACHMENTS_PER_MESSAGE }, (_, i) => png(`m${i}`)),
        ),
      },
    ],
    failed,
  );
  expect(canRetry(full, 'a')).toBe(false);
  expect(uploadsReducer(full, { type: 'retried', key: 'a' })).toBe(full);
});
