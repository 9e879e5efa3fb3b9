import { Avatar, Card, Container, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Suspense, useEffect, useRef } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { LogoutButton } from '../../features/account/components/logout-button';
import { useSession } from '../../lib/app-session';
import { SignedInUserContext } from '../../lib/signed-in-user';
import { displayName, useUserInfo } from '../../lib/user-info';
import { MobileNumber } from '../../ui/mobile-number';
import { PageLoader } from '../../ui/page-loader';
import { RouteErrorBoundary } from '../route-error-boundary';
import navLink from './nav-link.module.css';
import { NavLinkLabel } from './nav-link-label';
import classes from './panel-layout.module.css';
import { type PanelNavItem, usePanelNavItems } from './panel-nav-items';

const NAV_LABEL = 'منوی پنل کاربری';

/**
 * The customer panel (issue 6): every `/account/*` page renders inside it. It guards the session
 * once, so the pages under it only read the person's id (lib/signed-in-user.ts), and it keeps the
 * panel's sections in view: a side column from md up, a tab bar under the header below.
 */
export function PanelLayout() {
  const session = useSession();
  const { pathname, search } = useLocation();

  if (session.status === 'starting') return <PageLoader />;
  if (session.status === 'signed-out') {
    return <Navigate to={`/sign-in?next=${encodeURIComponent(pathname + search)}`} replace />;
  }
  return <SignedInPanel userId={session.identity.id} />;
}

function SignedInPanel({ userId }: { userId: string }) {
  const { pathname } = useLocation();
  const items = usePanelNavItems();

  return (
    <SignedInUserContext value={userId}>
      <PanelTabs items={items} />
      <Container className={classes.container}>
        <div className={classes.grid}>
          <aside className={classes.sidebar} aria-label="پنل کاربری">
            <UserCard userId={userId} />
            <nav aria-label={NAV_LABEL}>
              <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {items.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end={item.end}
                      className={`${navLink.quiet} ${navLink.current} ${classes.sideLink}`}
                    >
                      <item.icon size={20} />
                      <span>
                        <NavLinkLabel item={item} />
                      </span>
                    </NavLink>
                  </li>
                ))}
              </Stack>
            </nav>
            <Divider />
            <LogoutButton variant="subtle" justify="flex-start" fullWidth />
          </aside>
          <div className={classes.content}>
            {/* Here too, so a page that fails leaves the panel's sections in place. */}
            <RouteErrorBoundary resetKey={pathname}>
              <Suspense fallback={<PageLoader />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
          </div>
        </div>
      </Container>
    </SignedInUserContext>
  );
}

/** Who is signed in: name (once given) and mobile number. */
function UserCard({ userId }: { userId: string }) {
  const user = useUserInfo(userId).data;
  const name = user ? displayName(user) : null;

  return (
    <Card padding="md">
      <Group gap="sm" wrap="nowrap">
        <Avatar color="brand" radius="xl" aria-hidden="true">
          {name ? name.slice(0, 1) : null}
        </Avatar>
        {user ? (
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} size="sm" truncate>
              {name ?? 'کاربر ویترین'}
            </Text>
            <Text size="sm" c="dimmed">
              <MobileNumber mobile={user.mobileNumber} />
            </Text>
          </Stack>
        ) : (
          <Stack gap={6} style={{ flex: 1 }} aria-hidden="true">
            <Skeleton height={12} width="70%" />
            <Skeleton height={12} width="50%" />
          </Stack>
        )}
      </Group>
    </Card>
  );
}

/** Phones and tablets: the sections as one row that scrolls sideways, the current one in view. */
function PanelTabs({ items }: { items: readonly PanelNavItem[] }) {
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
    return () => {
      cancelled = true;
    };
  }, [pathname]);

  return (
    <nav aria-label={NAV_LABEL} className={classes.tabs}>
      <ul ref={listRef} className={classes.tabList}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={`${navLink.current} ${classes.tab}`}>
              <item.icon size={18} />
              <span>
                <NavLinkLabel item={item} />
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
