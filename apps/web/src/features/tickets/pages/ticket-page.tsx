import { Alert, Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { TICKET_DEPARTMENT_LABELS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { describeApiError, isNotFoundError } from '../../../lib/api-error';
import { refreshRedDotsAsUser } from '../../../lib/app-session';
import { PANEL_PATH, servicePath, TICKETS_PATH } from '../../../lib/panel-paths';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { HeadsetIcon } from '../../../ui/icons';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import { LoadFailed, LoadFailedLine } from '../../../ui/load-failed';
import { PageSection } from '../../../ui/page-section';
import { PanelPageHeader, PanelPageSkeleton } from '../../../ui/panel-page-header';
import { NotFoundMessage } from '../../../ui/status-message';
import { useTicketDetail } from '../api/get-ticket-detail';
import { useTicketReplies } from '../api/get-ticket-replies';
import { type TicketSummary, ticketListsQueryKey } from '../api/get-user-tickets';
import { CloseTicketButton } from '../components/close-ticket-button';
import { ReplyForm } from '../components/reply-form';
import { TicketPriorityBadge, TicketStatusBadge } from '../components/ticket-badges';
import { TicketConversation } from '../components/ticket-conversation';
import { ticketStatusNote } from '../utils/ticket-status';

/**
 * An open conversation asks for new messages this often while the tab is visible (TanStack
 * Query pauses the interval in a hidden tab), so a staff reply shows without a reload.
 */
const CONVERSATION_POLL_MS = 30_000;

/** One ticket: its details, the conversation with support, and the person's reply. */
export function TicketPage() {
  const userId = useSignedInUserId();
  const { ticketId = '' } = useParams();
  const queryClient = useQueryClient();
  const ticket = useTicketDetail(userId, ticketId, CONVERSATION_POLL_MS);
  const replies = useTicketReplies(userId, ticketId, CONVERSATION_POLL_MS);
  const data = ticket.data;
  const notFound = isNotFoundError(ticket.error) || isNotFoundError(replies.error);
  useDocumentTitle(
    data
      ? `تیکت ${toPersianDigits(data.number)} | ویترین`
      : notFound
        ? 'تیکت پیدا نشد | ویترین'
        : 'تیکت | ویترین',
  );

  // Reading the replies marked support's answers read on the server: the red dot and the list's
  // «پاسخ تازه» are out of date from now on.
  const repliesReadAt = replies.dataUpdatedAt;
  useEffect(() => {
    if (repliesReadAt === 0) return;
    void refreshRedDotsAsUser();
    void queryClient.invalidateQueries({
      queryKey: ticketListsQueryKey(userId),
      refetchType: 'none',
    });
  }, [repliesReadAt, queryClient, userId]);

  if (notFound) {
    return (
      <NotFoundMessage
        icon={<HeadsetIcon size={32} />}
        title="تیکتی با این نشانی پیدا نشد"
        description="شاید نشانی را اشتباه وارد کرده باشید، یا این تیکت از حساب دیگری است."
        back={{ to: TICKETS_PATH, label: 'بازگشت به تیکت‌ها' }}
      />
    );
  }
  if (ticket.error && !data) {
    return <LoadFailed titleOrder={1} title="این تیکت بارگذاری نشد" query={ticket} />;
  }

  return data ? (
    <Stack gap="xl">
      <TicketHeader userId={userId} ticket={data} />
      <PageSection title="گفت‌وگو" titleId="conversation-title">
        {replies.data ? (
          <TicketConversation reader="customer" userId={userId} messages={replies.data.items} />
        ) : replies.isError ? (
          <LoadFailedLine
            message={describeApiError(replies.error) || 'پیام‌ها بارگذاری نشد.'}
            query={replies}
          />
        ) : (
          <ConversationSkeleton />
        )}
      </PageSection>
      {/* Keyed: a draft belongs to one ticket, not to the next one opened from a link. */}
      <ReplyForm key={data.id} userId={userId} ticket={data} />
    </Stack>
  ) : (
    <TicketSkeleton />
  );
}

function TicketHeader({ userId, ticket }: { userId: string; ticket: TicketSummary }) {
  const closed = ticket.status === 'closed';
  return (
    <Stack gap="sm">
      <PanelPageHeader
        breadcrumbs={[
          { label: 'پیشخوان', to: PANEL_PATH },
          { label: 'تیکت‌های پشتیبانی', to: TICKETS_PATH },
          { label: `تیکت ${toPersianDigits(ticket.number)}` },
        ]}
        title={<span dir="auto">{ticket.subject}</span>}
        badge={<TicketStatusBadge status={ticket.status} size="lg" />}
        actions={closed ? undefined : <CloseTicketButton userId={userId} ticket={ticket} />}
      />
      <Group gap="xs" style={{ rowGap: 6 }}>
        <Text size="sm">شمارهٔ {toPersianDigits(ticket.number)}</Text>
        <Text size="sm" c="dimmed" aria-hidden="true">
          ·
        </Text>
        <Text size="sm">{TICKET_DEPARTMENT_LABELS[ticket.department]}</Text>
        <TicketPriorityBadge priority={ticket.priority} />
      </Group>
      {ticket.relatedService && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          سرویس مرتبط:{' '}
          <Anchor component={Link} to={servicePath(ticket.relatedService.id)}>
            <bdi>{ticket.relatedService.name}</bdi>
          </Anchor>
        </Text>
      )}
      <Text size="sm" c="dimmed">
        ثبت: <JalaliDateTime iso={ticket.createdAt} />
        {' · '}آخرین پیام: <JalaliDateTime iso={ticket.lastMessageAt} />
        {ticket.closedAt && (
          <>
            {' · '}بسته شد: <JalaliDateTime iso={ticket.closedAt} />
          </>
        )}
      </Text>
      {/* A closed ticket's note stands by the reply form, where reopening happens. */}
      {!closed && (
        <Alert color="brand" variant="light" p="sm">
          <Text size="sm">{ticketStatusNote(ticket.status)}</Text>
        </Alert>
      )}
    </Stack>
  );
}

function ConversationSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="در حال بارگذاری پیام‌ها">
      <Skeleton height={110} width="80%" radius="lg" />
      <Skeleton height={90} width="80%" radius="lg" style={{ alignSelf: 'flex-end' }} />
    </Stack>
  );
}

function TicketSkeleton() {
  return (
    <PanelPageSkeleton label="در حال بارگذاری تیکت" titleWidth="70%">
      <Skeleton height={20} width="50%" />
      <Skeleton height={120} width="80%" radius="lg" />
      <Skeleton height={200} radius="lg" />
    </PanelPageSkeleton>
  );
}
