import { nprogress } from '@mantine/nprogress';

// Several things can be loading at once (a page's code, a query); the bar runs until all end.
let active = 0;

/** Starts (or joins) the top loading bar; call the returned function when done. */
export function beginProgress(): () => void {
  active += 1;
  if (active === 1) nprogress.start();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    active -= 1;
    if (active === 0) nprogress.complete();
  };
}
