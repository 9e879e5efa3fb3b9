import { notifications } from '@mantine/notifications';
import {
  TOAST_CLOSE_LABEL,
  TOAST_DURATION_MS,
  TOAST_ERROR,
  TOAST_RETRY,
  TOAST_SUCCESS,
} from '@vitrin/contracts';

type ToastKind = 'success' | 'error' | 'retry';

const colorOf: Record<ToastKind, string> = { success: 'teal', error: 'red', retry: 'orange' };

// Spec §1, §8, §9: top-left, right-to-left, closable with 'بستن', 5000 ms.
function showToast(kind: ToastKind, message: string): void {
  notifications.show({
    // The same id twice is ignored while the first is on screen, so a retried call that fails
    // again does not stack an identical toast.
    id: `${kind}:${message}`,
    message,
    color: colorOf[kind],
    dir: 'rtl',
    autoClose: TOAST_DURATION_MS,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': TOAST_CLOSE_LABEL, title: TOAST_CLOSE_LABEL },
  });
}

export function showSuccessToast(message: string = TOAST_SUCCESS): void {
  showToast('success', message);
}

export function showErrorToast(message: string = TOAST_ERROR): void {
  showToast('error', message);
}

export function showRetryToast(message: string = TOAST_RETRY): void {
  showToast('retry', message);
}
