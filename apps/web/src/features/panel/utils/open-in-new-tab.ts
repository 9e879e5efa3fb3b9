/** The parts of a tab this needs; a browser's `Window` is one. */
export interface TabLike {
  opener: unknown;
  closed: boolean;
  location: { href: string };
  close(): void;
  document?: { title: string; body: { textContent: string | null } | null };
}

export interface OpenerWindow {
  open(url?: string, target?: string): TabLike | null;
  location: { assign(url: string): void };
}

/**
 * Opens a new tab in the click itself, while the browser still counts it as the person's
 * doing (popup blockers allow only that), then sends it to the address `addressOf` answers
 * once the call is back. Where no tab could be opened, this tab goes there; where the call
 * fails, the empty tab is closed and the error thrown.
 */
export async function openInNewTab(
  win: OpenerWindow,
  addressOf: () => Promise<string>,
  waitingText: string,
): Promise<void> {
  const tab = win.open('', '_blank');
  if (tab) {
    // The page it will show must not reach back into ours (reverse tabnabbing).
    tab.opener = null;
    if (tab.document?.body) {
      tab.document.title = waitingText;
      tab.document.body.textContent = waitingText;
    }
  }
  let address: string;
  try {
    address = await addressOf();
  } catch (error) {
    tab?.close();
    throw error;
  }
  if (!tab) win.location.assign(address);
  // A tab the person closed while waiting stays closed.
  else if (!tab.closed) tab.location.href = address;
}
