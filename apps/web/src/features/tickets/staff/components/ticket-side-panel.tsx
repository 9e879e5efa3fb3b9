import {
  Anchor,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  SERVICE_STATUS_LABELS,
  TICKET_DEPARTMENT_LABELS,
  TICKET_DEPARTMENTS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  type TicketDepartment,
  type TicketPriority,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { showSuccessToast } from '../../../../lib/toast';
import { JalaliDate, JalaliDateTime } from '../../../../ui/jalali-date-time';
import { LoadFailedLine } from '../../../../ui/load-failed';
import { MobileNumber } from '../../../../ui/mobile-number';
import { ConfirmAction } from '../../../console/components/confirm-action';
import { STAFF_ROLE_LABELS } from '../../../console/utils/admin-sections';
import {
  closeStaffTicket,
  type StaffTicket,
  useChangeTicket,
  useTicketStaffMembers,
} from '../api/tickets';
import { adminCustomerPath } from '../utils/ticket-filters';
import { ticketActionLabel } from '../utils/ticket-labels';

const UNASSIGNED = '';

interface TicketSidePanelProps {
  userId: string;
  ticket: StaffTicket;
}

/** Who the ticket is from and what it is about, and what staff can change about it. */
export function TicketSidePanel({ userId, ticket }: TicketSidePanelProps) {
  const queryClient = useQueryClient();
  const staff = useTicketStaffMembers(userId);
  const change = useChangeTicket(userId, ticket.id);
  const pendingKind = change.isPending ? change.variables?.kind : undefined;
  const members = staff.data?.items ?? [];
  const assigneeListed = ticket.assignee && members.some((m) => m.id === ticket.assignee?.id);
  const closed = ticket.status === 'closed';
  const { customer } = ticket;

  const assign = (assigneeId: string | null) =>
    change.mutate(
      { kind: 'assign', assigneeId },
      {
        onSuccess: () =>
          showSuccessToast(
            assigneeId === null
              ? 'مسئول تیکت برداشته شد'
              : assigneeId === userId
                ? 'تیکت به شما سپرده شد'
                : 'مسئول تیکت ثبت شد',
          ),
      },
    );

  return (
    <Stack gap="md">
      <Card component="section" aria-labelledby="ticket-customer-title">
        <Stack gap="sm">
          <PanelTitle id="ticket-customer-title">مشتری</PanelTitle>
          <Stack gap={2}>
            <Anchor component={Link} to={adminCustomerPath(customer.id)} fw={700}>
              {customer.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              <MobileNumber mobile={customer.mobile} />
            </Text>
            <Text size="xs" c="dimmed">
              {'مشتری از '}
              <JalaliDate iso={customer.createdAt} />
            </Text>
          </Stack>
          {customer.locked && (
            <Badge color="red" variant="light" style={{ alignSelf: 'flex-start' }}>
              حساب مشتری قفل است
            </Badge>
          )}
          <Divider />
          <PanelTitle>سرویس مرتبط</PanelTitle>
          {ticket.service ? (
            <RelatedService ticket={ticket} />
          ) : (
            <Text size="sm" c="dimmed">
              به سرویس خاصی مربوط نیست.
            </Text>
          )}
        </Stack>
      </Card>

      <Card component="section" aria-labelledby="ticket-handling-title">
        <Stack gap="sm">
          <PanelTitle id="ticket-handling-title">رسیدگی</PanelTitle>
          <NativeSelect
            label="مسئول"
            value={ticket.assignee?.id ?? UNASSIGNED}
            disabled={pendingKind === 'assign' || staff.isPending}
            onChange={(event) => {
              const value = event.currentTarget.value;
              assign(value === UNASSIGNED ? null : value);
            }}
            data={[
              { value: UNASSIGNED, label: 'بی‌مسئول' },
              ...members.map((member) => ({
                value: member.id,
                label: `${member.name}${member.id === userId ? ' (من)' : ''} · ${STAFF_ROLE_LABELS[member.role]}`,
              })),
              ...(ticket.assignee && !assigneeListed
                ? [{ value: ticket.assignee.id, label: ticket.assignee.name }]
                : []),
            ]}
          />
          {staff.isError && (
            <LoadFailedLine message="فهرست کارکنان بارگذاری نشد." query={staff} quiet />
          )}
          {ticket.assignee?.id !== userId && (
            <Button
              variant="light"
              size="xs"
              style={{ alignSelf: 'flex-start' }}
              loading={pendingKind === 'assign'}
              onClick={() => assign(userId)}
            >
              به من بسپار
            </Button>
          )}
          <SimpleGrid cols={{ base: 2, md: 1 }} spacing="sm">
            <NativeSelect
              label="اولویت"
              value={ticket.priority}
              disabled={pendingKind === 'priority'}
              onChange={(event) => {
                const priority = event.currentTarget.value as TicketPriority;
                change.mutate(
                  { kind: 'priority', priority },
                  { onSuccess: () => showSuccessToast('اولویت تیکت تغییر کرد') },
                );
              }}
              data={TICKET_PRIORITIES.map((value) => ({
                value,
                label: TICKET_PRIORITY_LABELS[value],
              }))}
            />
            <NativeSelect
              label="بخش"
              value={ticket.department}
              disabled={pendingKind === 'department'}
              onChange={(event) => {
                const department = event.currentTarget.value as TicketDepartment;
                change.mutate(
                  { kind: 'department', department },
                  { onSuccess: () => showSuccessToast('تیکت به بخش دیگر رفت') },
                );
              }}
              data={TICKET_DEPARTMENTS.map((value) => ({
                value,
                label: TICKET_DEPARTMENT_LABELS[value],
              }))}
            />
          </SimpleGrid>
          <Divider />
          {closed ? (
            <Text size="sm" c="dimmed">
              این تیکت بسته است
              {ticket.closedAt && (
                <>
                  {' ('}
                  <JalaliDateTime iso={ticket.closedAt} />
                  {')'}
                </>
              )}
              . پاسخ به مشتری آن را دوباره باز می‌کند.
            </Text>
          ) : (
            // Not red: a reply to the customer opens a closed ticket again.
            <ConfirmAction
              label="بستن تیکت"
              title={`بستن تیکت ${toPersianDigits(ticket.number)}`}
              description="تیکت بسته می‌شود و از صف انتظار بیرون می‌رود. اگر مشتری یا شما دوباره پاسخ دهید، باز می‌شود."
              confirmLabel="بله، بسته شود"
              color="gray"
              variant="default"
              successMessage="تیکت بسته شد"
              onConfirm={() => closeStaffTicket(queryClient, userId, ticket.id)}
            />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

/** What staff have done to the ticket, newest first (its rows of the audit log). */
export function TicketHistory({ ticket }: { ticket: StaffTicket }) {
  const titleId = useId();
  if (ticket.audit.length === 0) return null;
  return (
    <Card component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <PanelTitle id={titleId}>کارهای کارکنان</PanelTitle>
        <Stack component="ul" gap={8} m={0} p={0} style={{ listStyle: 'none' }}>
          {ticket.audit.map((entry) => (
            <li key={entry.id}>
              <Text size="sm" fw={600}>
                {ticketActionLabel(entry.action)}
              </Text>
              <Text size="xs" c="dimmed">
                {entry.actor.name}
                {' · '}
                <JalaliDateTime iso={entry.createdAt} />
              </Text>
            </li>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

function PanelTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <Title order={2} size="h5" id={id}>
      {children}
    </Title>
  );
}

function RelatedService({ ticket }: { ticket: StaffTicket }) {
  const service = ticket.service;
  if (!service) return null;
  const details = ticket.customerServices.find((item) => item.id === service.id);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {service.name}
      </Text>
      {service.domainName && !service.name.includes(service.domainName) && (
        <Text size="sm" c="dimmed">
          <bdi dir="ltr">{service.domainName}</bdi>
        </Text>
      )}
      {details && (
        <Group gap="xs">
          <Badge variant="light" color="gray" size="sm">
            {SERVICE_STATUS_LABELS[details.status]}
          </Badge>
          {details.expiresAt && (
            <Text size="xs" c="dimmed">
              {'انقضا: '}
              <JalaliDate iso={details.expiresAt} />
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
