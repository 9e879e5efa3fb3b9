import { Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { hasPermission } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { isNotFoundError } from '../../../../lib/api-error';
import { UserIcon } from '../../../../ui/icons';
import { LoadFailed, LoadFailedLine } from '../../../../ui/load-failed';
import { MobileNumber } from '../../../../ui/mobile-number';
import { PageSection } from '../../../../ui/page-section';
import { PanelPageHeader, PanelPageSkeleton } from '../../../../ui/panel-page-header';
import { NotFoundMessage } from '../../../../ui/status-message';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import { useMoreCustomerServices } from '../api/customer-services';
import { type CustomerFile, useCustomer, useCustomerActions } from '../api/customers';
import { CustomerLockBadge, StaffRoleBadge } from '../components/customer-badges';
import { CustomerLedger } from '../components/customer-ledger';
import { CustomerLockBanner } from '../components/customer-lock-banner';
import { CustomerOrders } from '../components/customer-orders';
import { CustomerProfileCard } from '../components/customer-profile-card';
import { CustomerServices } from '../components/customer-services';
import { CustomerWalletCard } from '../components/customer-wallet-card';
import { CUSTOMERS_PATH } from '../utils/customer-paths';

const CONSOLE_TITLE = 'کنسول کارکنان ویترین';

/**
 * A customer's file (issue 8): profile, lock state, wallet and its ledger, services, orders.
 * Admins act on the account and its services; support reads the same file without actions.
 */
export function CustomerPage() {
  const { customerId = '' } = useParams();
  const { userId } = useStaffMember();
  const customer = useCustomer(userId, customerId);
  const data = customer.data;
  useDocumentTitle(`${data ? (data.name ?? 'مشتری') : 'پروندهٔ مشتری'} | ${CONSOLE_TITLE}`);

  if (data) return <CustomerFileView customer={data} />;
  if (customer.isError) {
    return isNotFoundError(customer.error) ? (
      <NotFoundMessage
        icon={<UserIcon size={32} />}
        title="مشتری‌ای با این نشانی پیدا نشد"
        description="شاید نشانی را اشتباه نوشته‌اید. مشتری را با شمارهٔ موبایل یا نامش جست‌وجو کنید."
        back={{ to: CUSTOMERS_PATH, label: 'جست‌وجوی مشتریان' }}
      />
    ) : (
      <LoadFailed title="پروندهٔ مشتری بارگذاری نشد" query={customer} titleOrder={1} />
    );
  }
  return (
    <PanelPageSkeleton label="در حال بارگذاری پروندهٔ مشتری" crumbsWidth={220} titleWidth={200}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Skeleton height={260} radius="md" />
        <Skeleton height={160} radius="md" />
      </SimpleGrid>
      <Skeleton height={180} radius="md" />
    </PanelPageSkeleton>
  );
}

function CustomerFileView({ customer }: { customer: CustomerFile }) {
  const staff = useStaffMember();
  const isAdmin = hasPermission(staff.role, 'customers.manage');
  const accountActions = useCustomerActions(staff.userId, customer.id);
  const actions = isAdmin ? accountActions : null;
  const isSelf = customer.id === staff.userId;
  const title = customer.name ?? 'مشتری بی‌نام';
  const more = useMoreCustomerServices(staff.userId, customer.id, customer.servicesNextCursor);
  const services = useMemo(
    () => [...customer.services, ...more.services],
    [customer.services, more.services],
  );
  const orderNumbers = useMemo(
    () => new Map(customer.latestOrders.map((order) => [order.id, order.number])),
    [customer.latestOrders],
  );

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[
          { label: 'کنسول کارکنان', to: ADMIN_PATH },
          { label: 'مشتریان', to: CUSTOMERS_PATH },
          { label: title },
        ]}
        title={title}
        badge={
          <Group gap={6}>
            <StaffRoleBadge role={customer.role} />
            <CustomerLockBadge lockedAt={customer.lockedAt} />
          </Group>
        }
        description={
          <>
            <MobileNumber mobile={customer.mobile} />
            {customer.email && (
              <>
                {' · '}
                <bdi dir="ltr">{customer.email}</bdi>
              </>
            )}
          </>
        }
      />
      {customer.lockedAt && (
        <CustomerLockBanner lockedAt={customer.lockedAt} lockedReason={customer.lockedReason} />
      )}
      {!isAdmin && (
        <Text size="sm" c="dimmed">
          این پرونده برای پشتیبانی فقط خواندنی است؛ تغییر حساب و سرویس‌ها با مدیران است.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <CustomerProfileCard customer={customer} actions={actions} isSelf={isSelf} />
        <CustomerWalletCard wallet={customer.wallet} actions={actions} isSelf={isSelf} />
      </SimpleGrid>
      <PageSection
        title={`سرویس‌ها (${toPersianDigits(customer.serviceCount)})`}
        titleId="customer-services"
      >
        <CustomerServices
          staffId={staff.userId}
          services={services}
          orderNumbers={orderNumbers}
          canAct={isAdmin}
        />
        {more.query.isError ? (
          <LoadFailedLine message="سرویس‌های بیشتر بارگذاری نشد." query={more.query} />
        ) : (
          more.hasMore && (
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {`${toPersianDigits(services.length)} سرویس تازه‌تر از ${toPersianDigits(customer.serviceCount)}`}
              </Text>
              <Button variant="light" onClick={more.loadMore} loading={more.isLoading}>
                سرویس‌های بیشتر
              </Button>
            </Group>
          )
        )}
      </PageSection>
      <PageSection title="گردش کیف پول" titleId="customer-ledger">
        <CustomerLedger rows={customer.wallet.latestTransactions} />
      </PageSection>
      <PageSection
        title={`سفارش‌ها (${toPersianDigits(customer.orderCount)})`}
        titleId="customer-orders"
      >
        {customer.orderCount > customer.latestOrders.length && (
          <Text size="sm" c="dimmed">
            {`${toPersianDigits(customer.latestOrders.length)} سفارش تازه‌تر؛ همه در فهرست سفارش‌ها.`}
          </Text>
        )}
        <CustomerOrders orders={customer.latestOrders} />
      </PageSection>
    </Stack>
  );
}
