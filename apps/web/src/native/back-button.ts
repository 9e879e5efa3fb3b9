/** What the Android back button does, from what is on screen. */
export type BackAction = 'close-overlay' | 'confirm-exit' | 'go-back' | 'go-home';

export interface BackContext {
  pathname: string;
  /** A dialog, drawer or menu is open: the back button closes it first. */
  overlayOpen: boolean;
  /** The WebView has a page to go back to (Capacitor's backButton event says so). */
  canGoBack: boolean;
}

export const HOME_PATH = '/';

/**
 * The back button as Android users expect it: it closes what is open, goes back a page, and on
 * the home page asks before closing the app. A page opened with nothing behind it (the app
 * resumed on a deep page) goes home rather than closing the app from the middle.
 */
export function decideBackAction({ pathname, overlayOpen, canGoBack }: BackContext): BackAction {
  if (overlayOpen) return 'close-overlay';
  if (pathname === HOME_PATH || pathname === '') return 'confirm-exit';
  return canGoBack ? 'go-back' : 'go-home';
}

/** Open Mantine modals, drawers, popovers and menus: each closes on Escape. */
const OVERLAY_SELECTOR = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

export function openOverlay(root: ParentNode = document): Element | null {
  const all = Array.from(root.querySelectorAll(OVERLAY_SELECTOR));
  // The last one in the document is the one on top (portals append).
  return all.reverse().find((element) => element.getClientRects().length > 0) ?? null;
}

/**
 * Closes the overlay on top as its own Escape key would: Mantine listens for Escape on the
 * window (modals, drawers) or on the element (menus, popovers), so the key is sent from inside.
 */
export function closeOverlay(overlay: Element): void {
  const target =
    document.activeElement && overlay.contains(document.activeElement)
      ? document.activeElement
      : overlay;
  target.dispatchEvent(
    new KeyboardEvent('keydown', {
      key: 'Escape',
      code: 'Escape',
      bubbles: true,
      cancelable: true,
    }),
  );
}
