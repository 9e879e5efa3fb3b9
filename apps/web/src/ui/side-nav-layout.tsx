import { Container, type ContainerProps, Stack } from '@mantine/core';
import { type ComponentType, type ReactNode, useEffect, useRef } from 'react';
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

/** Phones and tablets: the sections as one row that scrolls sideways, the current one in view. */
function SectionTabs({ navLabel, items }: { navLabel: string; items: readonly SideNavItem[] }) {
  const { pathname } = useLocation();
  const listRef = useRef<HTMLUListElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the page changes
  useEffect(() => {
    const showActive = () => {
      const list = listRef.current;
      const active = list?.querySelector<HTMLElement>('a.active');
      if (!list || !active) return;
      // Scrolls the row only; scrollIntoView could move the page as well.
      const listBox = list.getBoundingClientRect();
      const activeBox = active.getBoundingClientRect();
      if (activeBox.left < listBox.left || activeBox.right > listBox.right) {
        list.scrollBy({
          left: activeBox.left - listBox.left - (listBox.width - activeBox.width) / 2,
        });
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
    <nav aria-label={navLabel} className={classes.tabs}>
      <ul ref={listRef} className={classes.tabList}>
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
