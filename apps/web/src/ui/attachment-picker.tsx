import { ActionIcon, Button, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { useId, useRef } from 'react';
import { ATTACHMENT_ACCEPT, ATTACHMENT_RULES_TEXT } from '../lib/attachment-check';
import type { AttachmentUpload } from '../lib/attachment-uploads';
import { formatFileSize } from '../lib/file-size';
import type { AttachmentUploads } from '../lib/use-attachment-uploads';
import { CloseIcon, FileTextIcon, PaperclipIcon, RetryIcon } from './icons';

interface AttachmentPickerProps {
  uploads: AttachmentUploads;
  /** The server's message about the attachments of the last send. */
  error?: string;
  disabled?: boolean;
}

/** Picks files for a message; each uploads at once, with its progress, and can be taken back. */
export function AttachmentPicker({ uploads, error, disabled = false }: AttachmentPickerProps) {
  const resetRef = useRef<() => void>(null);
  const hintId = useId();
  const full = uploads.roomLeft === 0;

  return (
    <Stack gap="xs">
      <Group gap="sm" align="center">
        <FileButton
          multiple
          accept={ATTACHMENT_ACCEPT}
          resetRef={resetRef}
          disabled={disabled || full}
          onChange={(files) => {
            uploads.add(files);
            // The same file may be picked again after it was removed.
            resetRef.current?.();
          }}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              disabled={disabled || full}
              leftSection={<PaperclipIcon size={18} />}
              aria-describedby={hintId}
            >
              افزودن پیوست
            </Button>
          )}
        </FileButton>
        <Text id={hintId} size="xs" c="dimmed" style={{ flex: '1 1 14rem' }}>
          {ATTACHMENT_RULES_TEXT}
        </Text>
      </Group>
      {uploads.uploads.length > 0 && (
        <Stack
          component="ul"
          gap="xs"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="پیوست‌ها"
        >
          {uploads.uploads.map((upload) => (
            <UploadRow
              key={upload.key}
              upload={upload}
              onRemove={() => uploads.remove(upload.key)}
              onRetry={() => uploads.retry(upload.key)}
            />
          ))}
        </Stack>
      )}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

interface UploadRowProps {
  upload: AttachmentUpload;
  onRemove: () => void;
  onRetry: () => void;
}

function UploadRow({ upload, onRemove, onRetry }: UploadRowProps) {
  const { fileName, phase, problem } = upload;
  const failed = phase === 'failed' || phase === 'refused';
  const percent = Math.round(upload.progress * 100);

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="xs"
      bg={failed ? 'red.0' : undefined}
      style={failed ? { borderColor: 'var(--mantine-color-red-3)' } : undefined}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <FileTextIcon
          size={22}
          style={{ flex: 'none', color: `var(--mantine-color-${failed ? 'red-7' : 'gray-6'})` }}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="sm" fw={600} truncate="end" dir="auto" title={fileName}>
              {fileName}
            </Text>
            <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
              {formatFileSize(upload.sizeBytes)}
            </Text>
          </Group>
          {phase === 'uploading' && (
            <Group gap="xs" wrap="nowrap">
              <Progress.Root
                size="sm"
                style={{ flex: 1 }}
                role="progressbar"
                aria-label={`پیشرفت بارگذاری ${fileName}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-valuetext={`${toPersianDigits(percent)}٪`}
              >
                <Progress.Section value={percent} withAria={false} animated={percent >= 100} />
              </Progress.Root>
              <Text size="xs" c="dimmed" style={{ flex: 'none' }} aria-hidden="true">
                {percent >= 100 ? 'در حال بررسی…' : `${toPersianDigits(percent)}٪`}
              </Text>
            </Group>
          )}
          {/* Says when a file is done or refused, without reading out every percent. */}
          <div aria-live="polite">
            {phase === 'uploaded' && (
              <Text size="xs" c="teal.8">
                بارگذاری شد
              </Text>
            )}
            {problem && (
              <Text size="xs" c="red.8">
                {problem}
                {failed && '؛ این فایل پیوست نمی‌شود.'}
              </Text>
            )}
          </div>
        </Stack>
        <Group gap={2} wrap="nowrap" style={{ flex: 'none' }}>
          {phase === 'failed' && upload.retryable && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={onRetry}
              aria-label={`بارگذاری دوبارهٔ ${fileName}`}
              title="بارگذاری دوباره"
            >
              <RetryIcon size={18} />
            </ActionIcon>
          )}
          <ActionIcon
            variant="subtle"
            color={phase === 'uploading' ? 'red' : 'gray'}
            size="lg"
            onClick={onRemove}
            aria-label={phase === 'uploading' ? `لغو بارگذاری ${fileName}` : `حذف ${fileName}`}
            title={phase === 'uploading' ? 'لغو بارگذاری' : 'حذف'}
          >
            <CloseIcon size={18} />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}
