import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { useState } from 'react';
import { showSuccessToast } from '../../../lib/toast';
import { useCloseTicket } from '../api/close-ticket';
import type { TicketSummary } from '../api/get-user-tickets';

interface CloseTicketButtonProps {
  userId: string;
  ticket: TicketSummary;
}

/** Closes the ticket after the person confirms; replying later opens it again. */
export function CloseTicketButton({ userId, ticket }: CloseTicketButtonProps) {
  const close = useCloseTicket(userId);
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    try {
      await close.mutateAsync(ticket.id);
      setConfirming(false);
      showSuccessToast('تیکت بسته شد');
    } catch {
      // The server's message is in the toast; the dialog stays for another try.
    }
  };

  return (
    <>
      <Button variant="default" color="red" onClick={() => setConfirming(true)}>
        بستن تیکت
      </Button>
      <Modal
        opened={confirming}
        onClose={() => {
          if (!close.isPending) setConfirming(false);
        }}
        title={`بستن تیکت شمارهٔ ${toPersianDigits(ticket.number)}`}
        centered
        closeButtonProps={{ 'aria-label': 'بستن' }}
      >
        <Stack gap="md">
          <Text size="sm">
            اگر مشکل‌تان حل شده است، تیکت را ببندید. هر وقت لازم شد، با فرستادن پاسخ تازه تیکت دوباره
            باز می‌شود.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setConfirming(false)}
              disabled={close.isPending}
            >
              انصراف
            </Button>
            <Button color="red" onClick={confirm} loading={close.isPending}>
              بله، بسته شود
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
