import { Box, Grid, Group, Skeleton, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { TICKET_DEPARTMENT_LABELS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { useParams } from 'react-router';
import { isNotFoundError } from '../../../../lib/api-error';
import { HeadsetIcon } from '../../../../ui/icons';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { LoadFailed } from '../../../../ui/load-failed';
import { PageSection } from '../../../../ui/page-section';
import { PanelPageHeader, PanelPageSkeleton } from '../../../../ui/panel-page-header';
import { NotFoundMessage } from '../../../../ui/status-message';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import { TicketPriorityBadge, TicketStatusBadge } from '../../components/ticket-badges';
import { TicketConversation } from '../../components/ticket-conversation';
import { type StaffTicket, useStaffTicket } from '../api/tickets';
import { StaffReplyForm } from '../components/staff-reply-form';
import { TicketHistory, TicketSidePanel } from '../components/ticket-side-panel';
import { TICKETS_ADMIN_PATH } from '../utils/ticket-filters';

/**
 * One ticket for staff: the whole conversation with internal notes, the reply form, and beside
 * them (above them on a phone) the customer and what staff can change.
 */
export function TicketPage() {
  const { userId } = useStaffMember();
  const { ticketId = '' } = useParams();
  const ticket = useStaffTicket(userId, ticketId);
  const data = ticket.data;
  // A malformed id in the address is refused as invalid: to the reader it is not there either.
  const notFound = isNotFoundError(ticket.error);
  useDocumentTitle(
    `${data ? `تیکت ${toPersianDigits(data.number)}` : notFound ? 'تیکت پیدا نشد' : 'تیکت'} | کنسول کارکنان ویترین`,
  );

  if (notFound) {
    return (
      <NotFoundMessage
        icon={<HeadsetIcon size={32} />}
        title="تیکتی با این نشانی پیدا نشد"
        description="شاید نشانی اشتباه است. تیکت را از صف تیکت‌ها پیدا کنید."
        back={{ to: TICKETS_ADMIN_PATH, label: 'بازگشت به صف تیکت‌ها' }}
      />
    );
  }
  if (!data) {
    return ticket.isError ? (
      <LoadFailed titleOrder={1} title="این تیکت بارگذاری نشد" query={ticket} />
    ) : (
      <PanelPageSkeleton label="در حال بارگذاری تیکت" titleWidth="60%" crumbsWidth={260}>
        <Skeleton height={180} radius="md" />
        <Skeleton height={240} radius="md" />
      </PanelPageSkeleton>
    );
  }

  return (
    <Stack gap="lg">
      <TicketHeader ticket={data} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <Stack gap="md">
            <TicketSidePanel userId={userId} ticket={data} />
            <Box visibleFrom="md">
              <TicketHistory ticket={data} />
            </Box>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="xl">
            <PageSection title="گفت‌وگو" titleId="conversation-title">
              <TicketConversation reader="staff" userId={userId} messages={data.messages} />
            </PageSection>
            <StaffReplyForm key={data.id} userId={userId} ticket={data} />
            {/* On a phone the history comes last, under the conversation it is about. */}
            <Box hiddenFrom="md">
              <TicketHistory ticket={data} />
            </Box>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function TicketHeader({ ticket }: { ticket: StaffTicket }) {
  const number = toPersianDigits(ticket.number);
  return (
    <PanelPageHeader
      breadcrumbs={[
        { label: 'کنسول کارکنان', to: ADMIN_PATH },
        { label: 'تیکت‌ها', to: TICKETS_ADMIN_PATH },
        { label: `تیکت ${number}` },
      ]}
      title={ticket.subject}
      badge={
        <Group gap={6}>
          <TicketStatusBadge
            status={ticket.status}
            waitingOnStaff={ticket.waitingOnStaff}
            unclipped
          />
          <TicketPriorityBadge priority={ticket.priority} unclipped />
        </Group>
      }
      description={
        <>
          {`تیکت ${number} · ${TICKET_DEPARTMENT_LABELS[ticket.department]} · باز شده در `}
          <JalaliDateTime iso={ticket.createdAt} />
        </>
      }
    />
  );
}
