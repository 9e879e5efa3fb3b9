import type { NavItem } from './nav-links';
import classes from './site-header.module.css';

/** A link's text, with the red dot (spec §3) when something new waits behind it. */
export function NavLinkLabel({ item }: { item: NavItem }) {
  return (
    <>
      {item.label}
      {item.hasNews && <span className={classes.newsDot} role="img" aria-label="اعلان تازه" />}
    </>
  );
}
