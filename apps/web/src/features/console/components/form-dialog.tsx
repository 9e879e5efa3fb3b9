import {
  Button,
  type ButtonProps,
  Group,
  type MantineColor,
  Modal,
  Stack,
  Text,
} from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormErrorText } from './form-error-text';

interface FormDialogProps {
  /** The button that opens the dialog: «تنظیم اعتبار». */
  openLabel: string;
  openSize?: ButtonProps['size'];
  opened: boolean;
  onOpen: () => void;
  /** «انصراف» and the close button; the dialog does not close while the call runs. */
  onClose: () => void;
  title: string;
  /** The form's name for screen readers. */
  formLabel: string;
  onSubmit: (event: FormEvent) => void;
  /** What the change starts from, first in the dialog: «موجودی کنونی: » and its value. */
  current: { label: string; value: ReactNode };
  /** The server's refusal that is about none of the fields. */
  otherError: string | null;
  pending: boolean;
  submitLabel: string;
  submitColor?: MantineColor;
  /** The fields. */
  children: ReactNode;
}

/**
 * A staff change made in a dialog (an admin's credit adjustment, a service's extension): the
 * button that opens it, the value the change starts from, the fields, the refusal that belongs to
 * no field, and «انصراف» beside the submit button.
 */
export function FormDialog({
  openLabel,
  openSize,
  opened,
  onOpen,
  onClose,
  title,
  formLabel,
  onSubmit,
  current,
  otherError,
  pending,
  submitLabel,
  submitColor,
  children,
}: FormDialogProps) {
  return (
    <>
      <Button variant="light" size={openSize} onClick={onOpen}>
        {openLabel}
      </Button>
      <Modal
        opened={opened}
        onClose={onClose}
        title={title}
        centered
        closeButtonProps={{ 'aria-label': 'بستن' }}
      >
        <form onSubmit={onSubmit} noValidate aria-label={formLabel}>
          <Stack gap="md">
            <Text size="sm">
              {current.label}
              <Text span fw={700}>
                {current.value}
              </Text>
            </Text>
            {children}
            <FormErrorText message={otherError} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={pending}>
                انصراف
              </Button>
              <Button type="submit" color={submitColor} loading={pending}>
                {submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
