// The panel's own `kwClientId` (spec §3 "socket start payload"): a random id kept in local
// storage, in the tracker's format (docs/live-protocol.md §2, contracts `kwClientId`). It names
// this browser's panel to the server and is never counted as a visitor.

export const PANEL_CLIENT_ID_KEY = 'kwClientId';

const ID_LENGTH = 22;
// 64 symbols: a random byte's low six bits pick one with no bias.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const STORED_ID = /^[\w-]{22,64}$/;

type RandomBytes = (length: number) => Uint8Array;

const cryptoBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

/** A new id: 22 symbols of [A-Za-z0-9_-], 132 random bits. */
export function newPanelClientId(randomBytes: RandomBytes = cryptoBytes): string {
  let id = '';
  for (const byte of randomBytes(ID_LENGTH)) id += ALPHABET[byte & 63];
  return id;
}

type IdStorage = Pick<Storage, 'getItem' | 'setItem'>;

let memoryId: string | null = null;

/**
 * The stored id, or a new one stored for next time. Where storage throws (blocked cookies,
 * private modes), one id is kept in memory for as long as the page lives.
 */
export function panelClientId(
  storage: () => IdStorage = () => window.localStorage,
  randomBytes: RandomBytes = cryptoBytes,
): string {
  try {
    const store = storage();
    const stored = store.getItem(PANEL_CLIENT_ID_KEY);
    if (stored !== null && STORED_ID.test(stored)) return stored;
    const id = newPanelClientId(randomBytes);
    store.setItem(PANEL_CLIENT_ID_KEY, id);
    return id;
  } catch {
    memoryId ??= newPanelClientId(randomBytes);
    return memoryId;
  }
}
