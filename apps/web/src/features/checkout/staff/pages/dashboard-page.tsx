import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { BagIcon, ClockIcon, HeadsetIcon } from '../../../../ui/icons';
import { LoadFailed } from '../../../../ui/load-failed';
import { PanelPageHeader } from '../../../../ui/panel-page-header';
import { StaffWorkCard } from '../../../console/components/staff-work-card';
import { useStaffMember } from '../../../console/utils/staff-context';
import { type Dashboard, useDashboard } from '../api/dashboard';
import { DashboardChart } from '../components/dashboard-chart';
import { QuickLink, StatCard } from '../components/dashboard-stats';
import { jalaliMonthName, salesText } from '../utils/dashboard-chart';
import { ADMIN_ORDERS_PATH } from '../utils/order-paths';

const TICKETS_PATH = '/admin/tickets';

/** The console's first page (issue 8, staff): today's and this month's figures, 30 days of sales. */
export function DashboardPage() {
  useDocumentTitle('داشبورد | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const dashboard = useDashboard(userId);

  return (
    <Stack gap="lg">
      <PanelPageHeader
        title="داشبورد"
        description="فروش خالص (پرداخت‌شده منهای بازپرداخت) به تومان، به وقت تهران."
      />
      <StaffWorkCard staffId={userId} />
      {dashboard.data ? (
        <DashboardBody dashboard={dashboard.data} />
      ) : dashboard.isError ? (
        <LoadFailed title="داشبورد بارگذاری نشد" query={dashboard} />
      ) : (
        <Stack gap="lg" aria-busy="true" aria-label="در حال بارگذاری داشبورد">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            {['today', 'month', 'people', 'tickets'].map((key) => (
              <Skeleton key={key} height={104} radius="lg" />
            ))}
          </SimpleGrid>
          <Skeleton height={280} radius="lg" />
        </Stack>
      )}
    </Stack>
  );
}

function DashboardBody({ dashboard }: { dashboard: Dashboard }) {
  const month = jalaliMonthName(new Date());
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" aria-label="آمار امروز و این ماه">
        <StatCard label="فروش امروز" value={salesText(dashboard.todaySalesRial)} />
        <StatCard
          label={`فروش ${month}`}
          value={salesText(dashboard.monthSalesRial)}
          note="از اول ماه تا امروز"
        />
        <StatCard
          label="مشتریان تازهٔ امروز"
          value={toPersianDigits(dashboard.todayNewCustomers)}
          note={`${toPersianDigits(dashboard.monthNewCustomers)} نفر در ${month}`}
        />
        <StatCard
          label="تیکت‌های باز"
          value={toPersianDigits(dashboard.openTickets)}
          note="همهٔ تیکت‌های بسته‌نشده"
          to={TICKETS_PATH}
        />
      </SimpleGrid>

      <Card component="section" aria-labelledby="dashboard-chart-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="dashboard-chart-title">
            فروش ۳۰ روز گذشته
          </Title>
          <DashboardChart days={dashboard.days} />
        </Stack>
      </Card>

      <Stack gap="sm" component="section" aria-labelledby="dashboard-links-title">
        <Title order={2} size="h4" id="dashboard-links-title">
          دسترسی سریع
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <QuickLink to={ADMIN_ORDERS_PATH} icon={<BagIcon size={20} />}>
            همهٔ سفارش‌ها
          </QuickLink>
          <QuickLink to={`${ADMIN_ORDERS_PATH}?status=pending`} icon={<ClockIcon size={20} />}>
            {`در انتظار پرداخت (${toPersianDigits(dashboard.pendingOrders)})`}
          </QuickLink>
          <QuickLink to={TICKETS_PATH} icon={<HeadsetIcon size={20} />}>
            {`صف تیکت‌ها (${toPersianDigits(dashboard.openTickets)} باز)`}
          </QuickLink>
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          سفارش‌های پرداخت‌نشده پس از مدتی خودبه‌خود لغو می‌شوند.
        </Text>
      </Stack>
    </>
  );
}
