import { Badge, Card, Container, Stack, Text } from '@mantine/core';
import { type ComponentType, Suspense, useEffect, useRef } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { RouteErrorBoundary } from '../../../app/route-error-boundary';
import { useSession } from '../../../lib/app-session';
import { displayName, useUserInfo } from '../../../lib/user-info';
import {
  ArticleIcon,
  BagIcon,
  DiscountIcon,
  FileTextIcon,
  GridIcon,
  HeadsetIcon,
  LayoutIcon,
  UserIcon,
} from '../../../ui/icons';
import { LoadFailed } from '../../../ui/load-failed';
import { MobileNumber } from '../../../ui/mobile-number';
import { PageLoader } from '../../../ui/page-loader';
import {
  type AdminSection,
  type AdminSectionKey,
  canOpen,
  isStaffRole,
  STAFF_ROLE_LABELS,
  type StaffRole,
  sectionAt,
  sectionsFor,
} from '../utils/admin-sections';
import { StaffContext } from '../utils/staff-context';
import classes from './admin-layout.module.css';
import { NoAccess } from './no-access';

const NAV_LABEL = 'منوی کنسول کارکنان';

const sectionIcons: Record<AdminSectionKey, ComponentType<{ size?: number }>> = {
  dashboard: GridIcon,
  orders: BagIcon,
  customers: UserIcon,
  tickets: HeadsetIcon,
  catalog: LayoutIcon,
  articles: ArticleIcon,
  discounts: DiscountIcon,
  audit: FileTextIcon,
};

/**
 * The staff console (issue 8): every `/admin/*` page renders inside it. It lets in support and
 * admins only, by the role in the person's user info, and keeps a section for admins from
 * support. The server checks the role again on every call; this only spares a page of refusals.
 */
export function AdminLayout() {
  const session = useSession();
  const { pathname, search } = useLocation();

  if (session.status === 'starting') return <PageLoader />;
  if (session.status === 'signed-out') {
    return <Navigate to={`/sign-in?next=${encodeURIComponent(pathname + search)}`} replace />;
  }
  return <StaffGate userId={session.identity.id} />;
}

function StaffGate({ userId }: { userId: string }) {
  const info = useUserInfo(userId);

  if (!info.data) {
    return info.isError ? (
      <Container py="xl">
        <LoadFailed titleOrder={1} title="کنسول کارکنان بارگذاری نشد" query={info} />
      </Container>
    ) : (
      <PageLoader />
    );
  }
  const { role } = info.data;
  if (!isStaffRole(role)) {
    return (
      <Container py="xl">
        <NoAccess who="customer" />
      </Container>
    );
  }
  return (
    <StaffConsole
      userId={userId}
      role={role}
      name={displayName(info.data) ?? 'کارمند ویترین'}
      mobile={info.data.mobileNumber}
    />
  );
}

interface StaffConsoleProps {
  userId: string;
  role: StaffRole;
  name: string;
  mobile: string;
}

function StaffConsole({ userId, role, name, mobile }: StaffConsoleProps) {
  const { pathname } = useLocation();
  const sections = sectionsFor(role);
  const section = sectionAt(pathname);
  const refused = section !== undefined && !canOpen(role, section);

  return (
    <StaffContext value={{ userId, role }}>
      <ConsoleTabs sections={sections} />
      <Container size="xl" className={classes.container}>
        <div className={classes.grid}>
          <aside className={classes.sidebar} aria-label="کنسول کارکنان">
            <Card padding="md">
              <Stack gap={4}>
                <Text fw={700} size="sm" truncate>
                  {name}
                </Text>
                <Text size="sm" c="dimmed">
                  <MobileNumber mobile={mobile} />
                </Text>
                <Badge variant="light" size="sm" mt={4}>
                  {STAFF_ROLE_LABELS[role]}
                </Badge>
              </Stack>
            </Card>
            <nav aria-label={NAV_LABEL}>
              <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {sections.map((item) => {
                  const Icon = sectionIcons[item.key];
                  return (
                    <li key={item.key}>
                      <NavLink
                        to={item.path}
                        end={item.key === 'dashboard'}
                        className={classes.sideLink}
                      >
                        <Icon size={20} />
                        <span>{item.label}</span>
                      </NavLink>
                    </li>
                  );
                })}
              </Stack>
            </nav>
          </aside>
          <div className={classes.content}>
            {refused ? (
              <NoAccess who="support" />
            ) : (
              // Here too, so a page that fails leaves the console's sections in place.
              <RouteErrorBoundary resetKey={pathname}>
                <Suspense fallback={<PageLoader />}>
                  <Outlet />
                </Suspense>
              </RouteErrorBoundary>
            )}
          </div>
        </div>
      </Container>
    </StaffContext>
  );
}

/** Phones and tablets: the sections as one row that scrolls sideways, the current one in view. */
function ConsoleTabs({ sections }: { sections: readonly AdminSection[] }) {
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
    <nav aria-label={NAV_LABEL} className={classes.tabs}>
      <ul ref={listRef} className={classes.tabList}>
        {sections.map((item) => {
          const Icon = sectionIcons[item.key];
          return (
            <li key={item.key}>
              <NavLink to={item.path} end={item.key === 'dashboard'} className={classes.tab}>
                <Icon size={18} />
                <span>{item.label}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
