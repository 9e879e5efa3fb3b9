/** How far (px, after damping) the page must be pulled for a release to refresh. */
export const PULL_THRESHOLD_PX = 64;
/** The indicator stops following the finger here. */
export const PULL_MAX_PX = 96;
/** A finger moves further than the page: the pull follows at half its distance. */
const DAMPING = 0.5;

/** How far the indicator has come down for a finger moved `deltaY` px down from its start. */
export function pullDistance(deltaY: number): number {
  if (deltaY <= 0) return 0;
  return Math.min(PULL_MAX_PX, deltaY * DAMPING);
}

/** A pull starts only at the top of the page, and not inside a dialog or a scrolled box. */
export function canStartPull(target: EventTarget | null, pageScrollY: number): boolean {
  if (pageScrollY > 0) return false;
  let node = target instanceof Element ? target : null;
  if (node?.closest('[role="dialog"], [role="menu"], [role="listbox"], [data-no-pull-refresh]')) {
    return false;
  }
  while (node && node !== document.body && node !== document.documentElement) {
    if (node.scrollTop > 0) return false;
    node = node.parentElement;
  }
  return true;
}
