import { callAsUser } from '../../../lib/app-session';
import { replaceRedDots } from '../../../lib/red-dots';

/** Asks the server for the signed-in user's red dots again, after a change that may clear one. */
export async function refreshRedDots(): Promise<void> {
  try {
    replaceRedDots(await callAsUser('/api/app/get-red-dot-info', {}, { silent: true }));
  } catch {
    // Red dots are a hint; the next page load fetches them again.
  }
}
