import { Anchor, Box, Button, Group, Modal, Skeleton, Stack, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import { fetchTicketAttachment, useObjectUrl } from '../../../../lib/ticket-attachments';
import { AlertIcon, DownloadIcon } from '../../../../ui/icons';

const SIZE = 72;

/**
 * The bank receipt a customer attached to a claim: a thumbnail that opens larger. The photo is a
 * ticket attachment (decision 0023), read as staff through the ticket attachment call.
 */
export function ReceiptThumbnail({
  userId,
  attachmentId,
}: {
  userId: string;
  attachmentId: string;
}) {
  const [opened, setOpened] = useState(false);
  const file = useQuery({
    queryKey: ['ticket-attachments', userId, attachmentId, 'receipt'] as const,
    queryFn: ({ signal }) => fetchTicketAttachment(attachmentId, signal),
    // A stored file never changes.
    staleTime: Number.POSITIVE_INFINITY,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
  const url = useObjectUrl(file.data);
  const fileName = `receipt-${attachmentId}`;
  const frame = {
    display: 'block',
    overflow: 'hidden',
    borderRadius: 'var(--mantine-radius-md)',
    border: '1px solid var(--mantine-color-gray-3)',
  } as const;

  return (
    <Box w={SIZE} h={SIZE} style={{ flex: 'none' }}>
      {url ? (
        <UnstyledButton
          onClick={() => setOpened(true)}
          aria-label="نمایش بزرگ‌تر رسید بانک"
          w="100%"
          h="100%"
          style={frame}
        >
          <img
            src={url}
            alt=""
            style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
          />
        </UnstyledButton>
      ) : file.isError && !file.isFetching ? (
        <Stack gap={2} align="center" justify="center" h="100%" bg="gray.0" style={frame}>
          <AlertIcon size={18} color="var(--mantine-color-orange-7)" />
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => void file.refetch()}
            aria-label="دریافت دوبارهٔ رسید"
          >
            دوباره
          </Button>
        </Stack>
      ) : (
        <Skeleton w="100%" h="100%" radius="md" aria-label="در حال دریافت رسید" />
      )}
      <Modal
        opened={opened && url !== null}
        onClose={() => setOpened(false)}
        size="xl"
        centered
        title="رسید بانک"
        closeButtonProps={{ 'aria-label': 'بستن' }}
      >
        {url && (
          <Stack gap="sm">
            <img
              src={url}
              alt="رسید بانک"
              style={{
                display: 'block',
                maxWidth: '100%',
                maxHeight: '75vh',
                margin: '0 auto',
                objectFit: 'contain',
              }}
            />
            <Group justify="flex-end">
              <Anchor href={url} download={fileName} size="sm">
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
