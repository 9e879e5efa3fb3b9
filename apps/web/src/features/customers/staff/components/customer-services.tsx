import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { BILLING_CYCLE_LABELS, hasPermission } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { JalaliDate } from '../../../../ui/jalali-date-time';
import { ListCard } from '../../../../ui/list-card';
import { ServiceStatusBadge } from '../../../../ui/service-status-badge';
import { useStaffMember } from '../../../console/utils/staff-context';
import type { CustomerServiceView } from '../api/customers';
import { useServiceActions } from '../api/services';
import { adminOrderPath } from '../utils/customer-paths';
import { ServiceActionButtons } from './service-action-buttons';

interface CustomerServicesProps {
  staffId: string;
  services: CustomerServiceView[];
  /** Order numbers by id, of the orders the file lists, to name the order a service came from. */
  orderNumbers: ReadonlyMap<string, number>;
  /** Admins get each service's actions; support reads only. */
  canAct: boolean;
}

/** The customer's services, newest first: a table from sm up, cards on a phone. */
export function CustomerServices({
  staffId,
  services,
  orderNumbers,
  canAct,
}: CustomerServicesProps) {
  const actions = useServiceActions(staffId);
  const withTimeline = hasPermission(useStaffMember().role, 'services.manage');
  if (services.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        این مشتری هنوز سرویسی ندارد.
      </Text>
    );
  }
  const columns = ['سرویس', 'وضعیت', 'دوره', 'شروع', 'انقضا', 'سفارش'];
  return (
    <>
      <Card p={0} visibleFrom="sm">
        <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="سرویس‌های مشتری">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
              {canAct && <Table.Th>کارها</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {services.map((service) => (
              <Table.Tr key={service.id}>
                <Table.Td>
                  <ServiceName service={service} withTimeline={withTimeline} />
                </Table.Td>
                <Table.Td>
                  <ServiceStatusBadge status={service.status} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{service.cycle ? BILLING_CYCLE_LABELS[service.cycle] : '—'}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <DateOrDash iso={service.startsAt} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <DateOrDash iso={service.expiresAt} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <OrderLink orderId={service.orderId} orderNumbers={orderNumbers} />
                </Table.Td>
                {canAct && (
                  <Table.Td>
                    <ServiceActionButtons service={service} actions={actions} />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <Stack gap="sm" component="ul" m={0} p={0} hiddenFrom="sm" aria-label="سرویس‌های مشتری">
        {services.map((service) => (
          <ListCard key={service.id} label={service.name}>
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <ServiceName service={service} withTimeline={withTimeline} />
                <ServiceStatusBadge status={service.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {service.cycle ? `${BILLING_CYCLE_LABELS[service.cycle]} · ` : ''}
                {'انقضا: '}
                <DateOrDash iso={service.expiresAt} inline />
              </Text>
              {service.orderId && (
                <Text size="sm">
                  <OrderLink orderId={service.orderId} orderNumbers={orderNumbers} />
                </Text>
              )}
              {canAct && <ServiceActionButtons service={service} actions={actions} />}
            </Stack>
          </ListCard>
        ))}
      </Stack>
    </>
  );
}

/** The service's timeline with its panel calls, in the provisioning section (admins). */
function serviceTimelinePath(serviceId: string): string {
  return `/admin/provisioning/services/${encodeURIComponent(serviceId)}`;
}

function ServiceName(props: { service: CustomerServiceView; withTimeline: boolean }) {
  const { service, withTimeline } = props;
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
        {service.name}
      </Text>
      {service.domainName && !service.name.includes(service.domainName) && (
        <Text size="xs" c="dimmed" dir="ltr" ta="right" style={{ overflowWrap: 'anywhere' }}>
          {service.domainName}
        </Text>
      )}
      {withTimeline && (
        <Anchor
          component={Link}
          to={serviceTimelinePath(service.id)}
          size="xs"
          aria-label={`رویدادها: ${service.name}`}
        >
          رویدادها
        </Anchor>
      )}
    </Stack>
  );
}

function DateOrDash({ iso, inline = false }: { iso: string | null; inline?: boolean }) {
  const content = iso ? <JalaliDate iso={iso} /> : '—';
  return inline ? (
    content
  ) : (
    <Text size="sm" c={iso ? undefined : 'dimmed'}>
      {content}
    </Text>
  );
}

function OrderLink(props: { orderId: string | null; orderNumbers: ReadonlyMap<string, number> }) {
  const { orderId, orderNumbers } = props;
  if (!orderId) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={adminOrderPath(orderId)} size="sm">
      {orderNumbers.has(orderId)
        ? `سفارش ${toPersianDigits(orderNumbers.get(orderId) ?? '')}`
        : 'سفارش خرید'}
    </Anchor>
  );
}
