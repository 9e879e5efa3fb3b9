import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@vitrin/contracts';
import { TOASTS_AT_ONCE } from '../../lib/toast';
import classes from './site-layout.module.css';

/**
 * Spec §1: toasts at the top-left, right-to-left, each a live alert, under the header's controls.
 * Its own chunk, loaded with the first toast: the stack and its transitions (~6 KB gzipped) are
 * not in the script every first visit loads.
 */
export function Toasts() {
  return (
    <Notifications
      withinPortal={false}
      position="top-left"
      limit={TOASTS_AT_ONCE}
      autoClose={TOAST_DURATION_MS}
      dir="rtl"
      className={classes.toasts}
    />
  );
}
