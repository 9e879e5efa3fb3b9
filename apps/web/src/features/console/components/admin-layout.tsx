import { Badge, Card, Container, Stack, Text } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { displayName, useUserInfo } from '../../../lib/user-info';
import {
  AlertIcon,
  ArticleIcon,
  BagIcon,
  ClockIcon,
  DiscountIcon,
  FileTextIcon,
  GlobeIcon,
  GridIcon,
  HeadsetIcon,
  LayoutIcon,
  ServerIcon,
  UserIcon,
  WalletIcon,
} from '../../../ui/icons';
import { LoadFailed } from '../../../ui/load-failed';
import { MobileNumber } from '../../../ui/mobile-number';
import { PageLoader } from '../../../ui/page-loader';
import { SideNavLayout } from '../../../ui/side-nav-layout';
import { LayoutOutlet, SignedInOnly } from '../../../ui/signed-in-only';
import { sectionWork, useStaffWork } from '../api/staff-work';
import {
  type AdminSectionKey,
  canOpen,
  isStaffRole,
  STAFF_ROLE_LABELS,
  type StaffRole,
  sectionAt,
  sectionsFor,
} from '../utils/admin-sections';
import { StaffContext } from '../utils/staff-context';
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
  provisioning: ServerIcon,
  domains: GlobeIcon,
  work: ClockIcon,
  billing: WalletIcon,
  errors: AlertIcon,
  audit: FileTextIcon,
};

/**
 * The staff console (issue 8): every `/admin/*` page renders inside it. It lets in support and
 * admins only, by the role in the person's user info, and keeps a section for admins from
 * support. The server checks the role again on every call; this only spares a page of refusals.
 */
export function AdminLayout() {
  return <SignedInOnly>{(userId) => <StaffGate userId={userId} />}</SignedInOnly>;
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
  const section = sectionAt(pathname);
  const refused = section !== undefined && !canOpen(role, section);
  const work = sectionWork(useStaffWork(userId).data);
  const items = sectionsFor(role).map((item) => {
    const waiting =
      item.key === 'billing' ||
      item.key === 'provisioning' ||
      item.key === 'domains' ||
      item.key === 'work'
        ? work[item.key]
        : undefined;
    return {
      to: item.path,
      end: item.key === 'dashboard',
      icon: sectionIcons[item.key],
      label: waiting ? (
        <>
          {item.label}{' '}
          <Badge
            size="sm"
            circle={waiting.count < 10}
            color={waiting.urgent ? 'orange' : 'gray'}
            variant={waiting.urgent ? 'filled' : 'light'}
            aria-label={`${toPersianDigits(waiting.count)} ${waiting.label}`}
          >
            {toPersianDigits(waiting.count)}
          </Badge>
        </>
      ) : (
        item.label
      ),
    };
  });

  return (
    <StaffContext value={{ userId, role }}>
      <SideNavLayout
        navLabel={NAV_LABEL}
        asideLabel="کنسول کارکنان"
        items={items}
        size="xl"
        identity={
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
        }
      >
        {refused ? (
          <NoAccess who="support" />
        ) : (
          // Here too, so a page that fails leaves the console's sections in place.
          <LayoutOutlet />
        )}
      </SideNavLayout>
    </StaffContext>
  );
}
