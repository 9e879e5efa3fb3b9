/**
 * The key of the cart shown to `userId`; the visitor's is its own, so signing in refetches.
 * In lib because more than the checkout changes the cart (a renewal from the panel).
 */
export function cartQueryKey(userId: string | null) {
  return ['cart', userId ?? 'visitor'] as const;
}
