import { createContext, use } from 'react';

/**
 * The signed-in person's id, given by the panel layout (app/layout/panel-layout.tsx) to the pages
 * under it. The layout renders them only while someone is signed in, so a page reads the id here
 * instead of guarding the session again.
 */
export const SignedInUserContext = createContext<string | null>(null);

/** The id of the person the panel page is for. Only for pages under the panel layout. */
export function useSignedInUserId(): string {
  const userId = use(SignedInUserContext);
  if (userId === null) throw new Error('useSignedInUserId is for pages under the panel layout');
  return userId;
}
