import { Button, Group, Modal } from '@mantine/core';

interface ExitConfirmProps {
  opened: boolean;
  onStay: () => void;
  onExit: () => void;
}

/** The back button on the home page: the app closes only when the person says so. */
export function ExitConfirm({ opened, onStay, onExit }: ExitConfirmProps) {
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title="از ویترین خارج می‌شوید؟"
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': 'بستن' }}
    >
      <Group justify="flex-end" gap="sm" mt="md">
        <Button variant="default" onClick={onStay} data-autofocus>
          ماندن
        </Button>
        <Button color="red" onClick={onExit}>
          خروج
        </Button>
      </Group>
    </Modal>
  );
}
