import { API_ORIGIN } from './config';

/**
 * An image the API names by its path as the page can load it. On the web the site serves every
 * `/media/…` path itself. The Android app carries the demo's bundled media (`/media/demo/…`) in
 * its own files, but what staff uploaded (`/media/uploads/…`) only the API's server has.
 */
export function mediaUrl<T extends string | null | undefined>(path: T): T {
  if (!API_ORIGIN || typeof path !== 'string' || !path.startsWith('/media/uploads/')) return path;
  return `${API_ORIGIN}${path}` as T;
}
