import { toPersianDigits } from '@vitrin/fa';
import type { NavItem } from './nav-links';
import classes from './site-header.module.css';

/** A link's text, with the red dot (spec §3) when something new waits behind it. */
export function NavLinkLabel({ item }: { item: NavItem }) {
  return (
    <>
      {item.label}
      {item.count ? <CountBadge count={item.count} /> : null}
      {item.hasNews && <span className={classes.newsDot} role="img" aria-label="اعلان تازه" />}
    </>
  );
}

/** A number beside a link: how many lines the cart holds. Read out as words after the label. */
export function CountBadge({ count }: { count: number }) {
  return (
    <span className={classes.count}>
      <span aria-hidden="true">{toPersianDigits(count)}</span>
      <span className={classes.visuallyHidden}>، {toPersianDigits(count)} قلم</span>
    </span>
  );
}
