import { NOT_SIGNED_IN_RED_DOT } from '@vitrin/contracts';
import { useSyncExternalStore } from 'react';

export interface RedDot {
  title: string;
  value: number;
}

// The server renders with no red dots, and hydration reads the same (see useSession); the same
// empty list until one arrives, so hydrating re-renders nothing.
const NONE_ON_SERVER: readonly RedDot[] = [];
let items: readonly RedDot[] = NONE_ON_SERVER;
const listeners = new Set<() => void>();

function publish(next: readonly RedDot[]) {
  items = next;
  for (const listener of listeners) listener();
}

/** Spec §4: an item added again replaces the one with the same title. */
export function setRedDot(item: RedDot): void {
  publish([...items.filter((existing) => existing.title !== item.title), item]);
}

/** Replaces every item, as the server's get-red-dot-info answer does. */
export function replaceRedDots(next: readonly RedDot[]): void {
  publish([...next]);
}

export function clearRedDots(): void {
  publish([]);
}

/** Spec §4 logout: no items but the one that says nobody is signed in. */
export function resetRedDotsToSignedOut(): void {
  publish([{ title: NOT_SIGNED_IN_RED_DOT, value: 1 }]);
}

export function getRedDots(): readonly RedDot[] {
  return items;
}

export function subscribeRedDots(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRedDots(): readonly RedDot[] {
  return useSyncExternalStore(subscribeRedDots, getRedDots, () => NONE_ON_SERVER);
}

/** The value of one item, 0 when it is absent. */
export function useRedDot(title: string): number {
  return useRedDots().find((item) => item.title === title)?.value ?? 0;
}
