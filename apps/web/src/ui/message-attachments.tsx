import {
  Anchor,
  Box,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { isImageType } from '../lib/attachment-check';
import { formatFileSize } from '../lib/file-size';
import { type TicketAttachment, useTicketAttachmentUrl } from '../lib/ticket-attachments';
import { AlertIcon, DownloadIcon, FileTextIcon } from './icons';

const THUMBNAIL_SIZE = 96;

interface MessageAttachmentsProps {
  userId: string;
  attachments: readonly TicketAttachment[];
}

/** A message's files: images as thumbnails that open larger, PDFs as chips to open or save. */
export function MessageAttachments({ userId, attachments }: MessageAttachmentsProps) {
  const images = attachments.filter((attachment) => isImageType(attachment.contentType));
  const documents = attachments.filter((attachment) => !isImageType(attachment.contentType));
  if (attachments.length === 0) return null;

  return (
    <Stack gap="xs" aria-label="پیوست‌های پیام">
      {images.length > 0 && (
        <Group gap="xs">
          {images.map((attachment) => (
            <ImageThumbnail key={attachment.id} userId={userId} attachment={attachment} />
          ))}
        </Group>
      )}
      {documents.map((attachment) => (
        <DocumentChip key={attachment.id} userId={userId} attachment={attachment} />
      ))}
    </Stack>
  );
}

interface AttachmentProps {
  userId: string;
  attachment: TicketAttachment;
}

/** Fetched once it scrolls into view: a long conversation does not download every image. */
function ImageThumbnail({ userId, attachment }: AttachmentProps) {
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);
  const file = useTicketAttachmentUrl(userId, attachment, { enabled: seen });
  const { fileName } = attachment;

  return (
    <Box ref={ref} w={THUMBNAIL_SIZE} h={THUMBNAIL_SIZE} style={{ flex: 'none' }}>
      {file.url ? (
        <UnstyledButton
          onClick={() => setOpened(true)}
          aria-label={`نمایش بزرگ‌تر ${fileName}`}
          title={fileName}
          w="100%"
          h="100%"
          style={{
            display: 'block',
            overflow: 'hidden',
            borderRadius: 'var(--mantine-radius-md)',
            border: '1px solid var(--mantine-color-gray-3)',
          }}
        >
          <img
            src={file.url}
            alt=""
            style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
          />
        </UnstyledButton>
      ) : file.failed ? (
        <Stack
          gap={2}
          align="center"
          justify="center"
          h="100%"
          bg="gray.0"
          style={{
            borderRadius: 'var(--mantine-radius-md)',
            border: '1px dashed var(--mantine-color-gray-4)',
          }}
        >
          <AlertIcon size={18} color="var(--mantine-color-orange-7)" />
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={file.retry}
            aria-label={`دریافت دوبارهٔ ${fileName}`}
          >
            تلاش دوباره
          </Button>
        </Stack>
      ) : (
        <Skeleton w="100%" h="100%" radius="md" />
      )}
      <Modal
        opened={opened && file.url !== null}
        onClose={() => setOpened(false)}
        size="xl"
        centered
        title={
          <Text fw={700} dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {fileName}
          </Text>
        }
        closeButtonProps={{ 'aria-label': 'بستن' }}
      >
        {file.url && (
          <Stack gap="sm">
            <img
              src={file.url}
              alt={fileName}
              style={{
                display: 'block',
                maxWidth: '100%',
                maxHeight: '75vh',
                margin: '0 auto',
                objectFit: 'contain',
              }}
            />
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                {formatFileSize(attachment.sizeBytes)}
              </Text>
              <Anchor href={file.url} download={fileName} size="sm">
                <Group gap={4} wrap="nowrap" component="span">
                  <DownloadIcon size={16} />
                  دانلود تصویر
                </Group>
              </Anchor>
            </Group>
          </Stack>
        )}
      </Modal>
    </Box>
  );
}

/**
 * A PDF is fetched only when asked for (it may be 5 MB). Once it is here, it is saved at once
 * and stays as links to open it in the browser's viewer or save it again.
 */
function DocumentChip({ userId, attachment }: AttachmentProps) {
  const [wanted, setWanted] = useState(false);
  const file = useTicketAttachmentUrl(userId, attachment, { enabled: wanted });
  const saveLink = useRef<HTMLAnchorElement>(null);
  const saveWhenReady = useRef(false);
  const { fileName } = attachment;

  useEffect(() => {
    if (!file.url || !saveWhenReady.current) return;
    saveWhenReady.current = false;
    saveLink.current?.click();
  }, [file.url]);

  return (
    <Paper withBorder radius="md" px="sm" py={6} maw={420}>
      <Group gap="sm" wrap="nowrap">
        <FileTextIcon size={24} style={{ flex: 'none', color: 'var(--mantine-color-red-7)' }} />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} truncate="end" dir="auto" title={fileName}>
            {fileName}
          </Text>
          <Text size="xs" c="dimmed">
            <bdi>PDF</bdi> · {formatFileSize(attachment.sizeBytes)}
          </Text>
        </Stack>
        {file.url ? (
          <Group gap="sm" wrap="nowrap" style={{ flex: 'none' }}>
            <Anchor href={file.url} target="_blank" rel="noopener" size="sm">
              باز کردن
            </Anchor>
            <Anchor ref={saveLink} href={file.url} download={fileName} size="sm">
              دانلود
            </Anchor>
          </Group>
        ) : (
          <Button
            size="compact-sm"
            variant={file.failed ? 'subtle' : 'light'}
            color={file.failed ? 'orange' : undefined}
            loading={file.loading}
            style={{ flex: 'none' }}
            aria-label={`${file.failed ? 'دریافت دوبارهٔ' : 'دریافت'} ${fileName}`}
            onClick={() => {
              saveWhenReady.current = true;
              if (file.failed) file.retry();
              else setWanted(true);
            }}
          >
            {file.failed ? 'تلاش دوباره' : 'دریافت'}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
