import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { RED_DOT_PROFILE_INCOMPLETE, SERVICE_EXPIRY_WARNING_DAYS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { tomanText } from '../../../lib/money';
import {
  CREDIT_PATH,
  DISCOUNTS_PATH,
  newTicketPath,
  ordersPath,
  PROFILE_PATH,
  servicePath,
  servicesPath,
  TICKETS_PATH,
} from '../../../lib/panel-paths';
import { useRedDot } from '../../../lib/red-dots';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { displayName, useUserInfo } from '../../../lib/user-info';
import {
  BagIcon,
  CartIcon,
  CheckCircleIcon,
  DiscountIcon,
  HeadsetIcon,
  ServerIcon,
  UserIcon,
  WalletIcon,
} from '../../../ui/icons';
import { ListCard, NameLink } from '../../../ui/list-card';
import { LoadFailed } from '../../../ui/load-failed';
import { PageSection } from '../../../ui/page-section';
import quickLink from '../../../ui/quick-link.module.css';
import classes from '../../../ui/stat-card.module.css';
import { type PanelSummary, usePanelSummary } from '../api/get-panel-summary';
import { RenewButton } from '../components/renew-button';
import { ServiceExpiry } from '../components/service-expiry';

/** The panel's first page: a greeting, the account's numbers, what needs doing, quick links. */
export function DashboardPage() {
  useDocumentTitle('پیشخوان | ویترین');
  const userId = useSignedInUserId();
  const summary = usePanelSummary(userId);
  const user = useUserInfo(userId).data;
  const name = user ? displayName(user) : null;
  const profileIncomplete = useRedDot(RED_DOT_PROFILE_INCOMPLETE) > 0;

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1} size="h2">
          پیشخوان
        </Title>
        <Text c="dimmed">
          {name ? `سلام ${name}، خوش آمدید.` : 'سلام، به پنل کاربری ویترین خوش آمدید.'} همهٔ سرویس‌ها،
          سفارش‌ها و پیام‌های پشتیبانی‌تان اینجاست.
        </Text>
      </Stack>

      {profileIncomplete && (
        <Alert color="brand" variant="light" title="نام و ایمیل‌تان را کامل کنید">
          <Group gap="sm" justify="space-between">
            <Text size="sm">صورت‌حساب‌ها و پیام‌های پشتیبانی به این نام و نشانی فرستاده می‌شوند.</Text>
            <Button component={Link} to={PROFILE_PATH} size="xs" variant="light">
              تکمیل حساب کاربری
            </Button>
          </Group>
        </Alert>
      )}

      {summary.data ? (
        <SummaryContent summary={summary.data} />
      ) : summary.isError ? (
        <LoadFailed title="خلاصهٔ حساب بارگذاری نشد" query={summary} />
      ) : (
        <SummarySkeleton />
      )}

      <QuickLinks />
    </Stack>
  );
}

function SummaryContent({ summary }: { summary: PanelSummary }) {
  return (
    <>
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="md">
        <Stat
          to={CREDIT_PATH}
          icon={WalletIcon}
          label="موجودی کیف پول"
          value={tomanText(summary.balanceRial)}
          hint="افزایش اعتبار"
        />
        <Stat
          to={servicesPath('active')}
          icon={ServerIcon}
          label="سرویس‌های فعال"
          value={toPersianDigits(summary.activeServices)}
          hint="مشاهدهٔ سرویس‌ها"
        />
        <Stat
          to={TICKETS_PATH}
          icon={HeadsetIcon}
          label="تیکت‌های باز"
          value={toPersianDigits(summary.openTickets)}
          hint={
            summary.unreadTickets > 0
              ? `${toPersianDigits(summary.unreadTickets)} پاسخ خوانده‌نشده`
              : 'مشاهدهٔ تیکت‌ها'
          }
          alert={summary.unreadTickets > 0}
        />
        <Stat
          to={ordersPath('pending')}
          icon={BagIcon}
          label="سفارش‌های پرداخت‌نشده"
          value={toPersianDigits(summary.unpaidOrders)}
          hint={summary.unpaidOrders > 0 ? 'پرداخت سفارش‌ها' : 'مشاهدهٔ سفارش‌ها'}
          alert={summary.unpaidOrders > 0}
        />
      </SimpleGrid>

      <PageSection title="سرویس‌های رو به انقضا" titleId="expiring-title">
        {summary.expiringServices.length === 0 ? (
          <Paper withBorder radius="lg" p="md">
            <Group gap="sm" wrap="nowrap">
              <CheckCircleIcon size={22} color="var(--mantine-color-teal-7)" />
              <Text size="sm">
                هیچ سرویسی در {toPersianDigits(SERVICE_EXPIRY_WARNING_DAYS)} روز آینده منقضی نمی‌شود.{' '}
                <Anchor component={Link} to={servicesPath()} size="sm">
                  همهٔ سرویس‌ها
                </Anchor>
              </Text>
            </Group>
          </Paper>
        ) : (
          <Stack gap="sm" component="ul" m={0} p={0}>
            {summary.expiringServices.map((service) => (
              <ListCard key={service.id} label={service.name}>
                <Group justify="space-between" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                    <NameLink to={servicePath(service.id)}>{service.name}</NameLink>
                    <ServiceExpiry
                      expiresAt={service.expiresAt}
                      daysLeft={service.daysLeft}
                      status={service.status}
                    />
                  </Stack>
                  <RenewButton service={service} variant="filled" />
                </Group>
              </ListCard>
            ))}
          </Stack>
        )}
      </PageSection>
    </>
  );
}

interface StatProps {
  to: string;
  icon: ComponentType<{ size?: number }>;
  label: string;
  value: string;
  hint: string;
  /** Something waits here: the hint is shown as a call to act. */
  alert?: boolean;
}

function Stat({ to, icon: Icon, label, value, hint, alert = false }: StatProps) {
  return (
    <Card component={Link} to={to} padding="md" className={classes.stat}>
      <Group gap={6} c="dimmed" wrap="nowrap">
        <Icon size={18} />
        <Text size="sm">{label}</Text>
      </Group>
      <Text fz={{ base: 18, sm: 22 }} fw={800} lh={1.6} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      <Text size="xs" c={alert ? 'red.8' : 'brand.8'} fw={alert ? 700 : 500} mt="auto">
        {hint}
      </Text>
    </Card>
  );
}

function SummarySkeleton() {
  return (
    <Stack gap="xl" aria-busy="true" aria-label="در حال بارگذاری خلاصهٔ حساب">
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="md">
        {['balance', 'services', 'tickets', 'orders'].map((key) => (
          <Skeleton key={key} height={116} radius="lg" />
        ))}
      </SimpleGrid>
      <Stack gap="sm">
        <Skeleton height={22} width={180} />
        <Skeleton height={76} radius="lg" />
      </Stack>
    </Stack>
  );
}

const quickLinks: ReadonlyArray<{
  to: string;
  label: string;
  icon: ComponentType<{ size?: number }>;
}> = [
  { to: '/store', label: 'خرید سرویس تازه', icon: CartIcon },
  { to: newTicketPath(), label: 'ثبت تیکت پشتیبانی', icon: HeadsetIcon },
  { to: CREDIT_PATH, label: 'افزایش اعتبار کیف پول', icon: WalletIcon },
  { to: DISCOUNTS_PATH, label: 'کدهای تخفیف من', icon: DiscountIcon },
  { to: PROFILE_PATH, label: 'ویرایش حساب کاربری', icon: UserIcon },
];

function QuickLinks(): ReactNode {
  return (
    <PageSection title="دسترسی سریع" titleId="quick-links-title">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm">
        {quickLinks.map(({ to, label, icon: Icon }) => (
          <Link key={to} to={to} className={quickLink.link}>
            <Icon size={20} />
            {label}
          </Link>
        ))}
      </SimpleGrid>
    </PageSection>
  );
}
