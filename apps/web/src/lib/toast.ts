import { notifications } from '@mantine/notifications';
import {
  TOAST_CLOSE_LABEL,
  TOAST_DURATION_MS,
  TOAST_ERROR,
  TOAST_RETRY,
  TOAST_SUCCESS,
} from '@vitrin/contracts';
import { useSyncExternalStore } from 'react';

type ToastKind = 'success' | 'error' | 'retry';

// Whether a toast was ever shown: the layout loads the toasts' stack (its own chunk) only then.
// Mantine's store keeps what is shown meanwhile, and the stack shows it once it has loaded.
let toastShown = false;
const toastShownListeners = new Set<() => void>();

/** True from the first toast on. */
export function useToastShown(): boolean {
  return useSyncExternalStore(
    (listener) => {
      toastShownListeners.add(listener);
      return () => toastShownListeners.delete(listener);
    },
    () => toastShown,
    () => false,
  );
}

const colorOf: Record<ToastKind, string> = { success: 'teal', error: 'red', retry: 'orange' };

/** At most this many toasts on screen; more wait in Mantine's queue (issue 22). */
export const TOASTS_AT_ONCE = 2;

// The error and retry toasts on screen or queued, so a page change or a sign-in can take them
// away: they speak of what the person left (a «code expired» stayed after signing in).
const staleWhenLeft = new Set<string>();

// Spec §1, §8, §9: top-left, right-to-left, closable with 'بستن', 5000 ms.
function showToast(kind: ToastKind, message: string): void {
  const id = `${kind}:${message}`;
  if (!toastShown) {
    toastShown = true;
    for (const listener of toastShownListeners) listener();
  }
  if (kind !== 'success') staleWhenLeft.add(id);
  notifications.show({
    // The same id twice is ignored while the first is on screen, so a retried call that fails
    // again does not stack an identical toast.
    id,
    message,
    color: colorOf[kind],
    dir: 'rtl',
    autoClose: TOAST_DURATION_MS,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': TOAST_CLOSE_LABEL, title: TOAST_CLOSE_LABEL },
    onClose: () => staleWhenLeft.delete(id),
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

/** Takes away the error and retry toasts, shown or queued: the page they were about is gone. */
export function clearErrorToasts(): void {
  for (const id of staleWhenLeft) notifications.hide(id);
  staleWhenLeft.clear();
}
