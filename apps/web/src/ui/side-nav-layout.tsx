import { Container, type ContainerProps, Stack } from '@mantine/core';
import { type ComponentType, type ReactNode, useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import classes from './side-nav-layout.module.css';

export interface SideNavItem {
  to: string;
  /** Marks the link current only on its own address, not under it (an area's home). */
  end?: boolean;
  icon: ComponentType<{ size?: number }>;
  /** The link's text, with whatever marks it carries (a red dot). */
  label: ReactNode;
}

interface SideNavLayoutProps {
  /** The sections' menu, named the same in the side column and the tab bar. */
  navLabel: string;
  /** The side column's name. */
  asideLabel: string;
  items: readonly SideNavItem[];
  /** Who is signed in, at the top of the side column. */
  identity: ReactNode;
  /** Under the side column's links (the panel's logout). */
  footer?: ReactNode;
  size?: ContainerProps['size'];
  /** The open page. */
  children: ReactNode;
}

/**
 * A signed-in area's frame (the customer panel, the staff console): its sections in a side
 * column from md up and in a tab bar under the header below, the open page beside them.
 */
export function SideNavLayout(props: SideNavLayoutProps) {
  return (
    <>
      <SectionTabs navLabel={props.navLabel} items={props.items} />
      <Container size={props.size} className={classes.container}>
        <div className={classes.grid}>
          <aside className={classes.sidebar} aria-label={props.asideLabel}>
            {props.identity}
            <nav aria-label={props.navLabel}>
              <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {props.items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.end} className={classes.sideLink}>
                      <item.icon size={20} />
                      <span>{item.label}</span>
                    </NavLink>
                  </li>
                ))}
              </Stack>
            </nav>
            {props.footer}
          </aside>
          <div className={classes.content}>{props.children}</div>
        </div>
      </Container>
    </>
  );
}

/** Which ends of a sideways-scrolling row hide more of it (right-to-left: start is the right). */
function hiddenEnds(list: HTMLElement): { start: boolean; end: boolean } {
  // scrollLeft is 0 at the start of a right-to-left row and negative towards its end.
  const scrolled = Math.abs(list.scrollLeft);
  const room = list.scrollWidth - list.clientWidth;
  return { start: scrolled > 1, end: scrolled < room - 1 };
}

/** Scrolls the row (only the row: scrollIntoView could move the page) to centre `tab` in it. */
function centreInRow(list: Element, tab: Element): void {
  const listBox = list.getBoundingClientRect();
  const tabBox = tab.getBoundingClientRect();
  list.scrollBy({ left: tabBox.left - listBox.left - (listBox.width - tabBox.width) / 2 });
}

/**
 * Phones and tablets: the sections as one row that scrolls sideways, the current one in view,
 * with a fade at each end that hides more of it so the row reads as one that scrolls.
 */
function SectionTabs({ navLabel, items }: { navLabel: string; items: readonly SideNavItem[] }) {
  const { pathname } = useLocation();
  const listRef = useRef<HTMLUListElement>(null);
  const [moreAt, setMoreAt] = useState({ start: false, end: false });

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const update = () =>
      setMoreAt((last) => {
        const next = hiddenEnds(list);
        return last.start === next.start && last.end === next.end ? last : next;
      });
    update();
    list.addEventListener('scroll', update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(list);
    return () => {
      list.removeEventListener('scroll', update);
      resized.disconnect();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the page changes
  useEffect(() => {
    const showActive = () => {
      const list = listRef.current;
      const active = list?.querySelector<HTMLElement>('a.active');
      if (!list || !active) return;
      const listBox = list.getBoundingClientRect();
      const activeBox = active.getBoundingClientRect();
      if (activeBox.left < listBox.left || activeBox.right > listBox.right) {
        centreInRow(list, active);
      }
    };
    showActive();
    // The web font widens every tab when it arrives, which can push the current one out again.
    let cancelled = false;
    void document.fonts?.ready.then(() => {
      if (!cancelled) showActive();
    });
    // The row is hidden from md up: turning a tablet (or narrowing a window) shows it anew.
    window.addEventListener('resize', showActive);
    return () => {
      cancelled = true;
      window.removeEventListener('resize', showActive);
    };
  }, [pathname]);

  return (
    <nav
      aria-label={navLabel}
      className={classes.tabs}
      // The toasts' stack moves below this row while it shows (site-layout.module.css).
      data-section-tabs
      data-more-start={moreAt.start || undefined}
      data-more-end={moreAt.end || undefined}
    >
      <ul
        ref={listRef}
        className={classes.tabList}
        // A tab reached with Tab comes to the middle of the row, clear of the end fades (the
        // browser's own scroll would leave it under one, or half outside at the row's end).
        // Only then: a tap focuses the tab too, and moving the row between the press and the
        // release would take the tap away from it (its click lands on no link).
        onFocus={(event) => {
          if (listRef.current && event.target.matches(':focus-visible')) {
            centreInRow(listRef.current, event.target);
          }
        }}
      >
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={classes.tab}>
              <item.icon size={18} />
              <span>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
