import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { TICKET_DEPARTMENT_LABELS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { ApiRequestError, describeApiError } from '../../../lib/api-error';
import { refreshRedDotsAsUser, useSession } from '../../../lib/app-session';
import { PANEL_PATH, servicePath, TICKETS_PATH } from '../../../lib/panel-paths';
import { HeadsetIcon } from '../../../ui/icons';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import { LoadFailed } from '../../../ui/load-failed';
import { PageLoader } from '../../../ui/page-loader';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { StatusMessage } from '../../../ui/status-message';
import { useTicketDetail } from '../api/get-ticket-detail';
import { useTicketReplies } from '../api/get-ticket-replies';
import { type TicketSummary, ticketListsQueryKey } from '../api/get-user-tickets';
import { CloseTicketButton } from '../components/close-ticket-button';
import { ReplyForm } from '../components/reply-form';
import { TicketPriorityBadge, TicketStatusBadge } from '../components/ticket-badges';
import { TicketConversation } from '../components/ticket-conversation';
import { ticketStatusNote } from '../utils/ticket-status';

/** One ticket: its details, the conversation with support, and the person's reply. */
export function TicketPage() {
  // The panel layout already lets only a signed-in person through; this holds without it too.
  const session = useSession();
  const { pathname } = useLocation();

  if (session.status === 'starting') return <PageLoader />;
  if (session.status === 'signed-out') {
    return <Navigate to={`/sign-in?next=${encodeURIComponent(pathname)}`} replace />;
  }
  return <SignedInTicket userId={session.identity.id} />;
}

/** Another person's ticket is a 404 too (API.md), and an id that is no id names no ticket. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.code === 'VALIDATION');
}

function SignedInTicket({ userId }: { userId: string }) {
  const { ticketId = '' } = useParams();
  const queryClient = useQueryClient();
  const ticket = useTicketDetail(userId, ticketId);
  const replies = useTicketReplies(userId, ticketId);
  const data = ticket.data;
  const notFound = isMissing(ticket.error) || isMissing(replies.error);
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
      <StatusMessage
        titleOrder={1}
        icon={<HeadsetIcon size={32} />}
        title="تیکتی با این نشانی پیدا نشد"
        description="شاید نشانی را اشتباه وارد کرده باشید، یا این تیکت از حساب دیگری است."
      >
        <Button component={Link} to={TICKETS_PATH} mt="sm">
          بازگشت به تیکت‌ها
        </Button>
      </StatusMessage>
    );
  }
  if (ticket.error && !data) {
    return (
      <LoadFailed
        titleOrder={1}
        title="این تیکت بارگذاری نشد"
        error={ticket.error}
        onRetry={() => ticket.refetch()}
        retrying={ticket.isFetching}
      />
    );
  }

  return data ? (
    <Stack gap="xl">
      <TicketHeader userId={userId} ticket={data} />
      <Stack gap="sm" component="section" aria-labelledby="conversation-title">
        <Title order={2} size="h4" id="conversation-title">
          گفت‌وگو
        </Title>
        {replies.data ? (
          <TicketConversation userId={userId} messages={replies.data.items} />
        ) : replies.isError ? (
          <Group gap="sm">
            <Text size="sm">{describeApiError(replies.error) || 'پیام‌ها بارگذاری نشد.'}</Text>
            <Button
              variant="light"
              size="xs"
              onClick={() => replies.refetch()}
              loading={replies.isFetching}
            >
              تلاش دوباره
            </Button>
          </Group>
        ) : (
          <ConversationSkeleton />
        )}
      </Stack>
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
    <Stack gap="lg" aria-busy="true" aria-label="در حال بارگذاری تیکت">
      <Skeleton height={14} width={200} />
      <Skeleton height={36} width="70%" />
      <Skeleton height={20} width="50%" />
      <Skeleton height={120} width="80%" radius="lg" />
      <Skeleton height={200} radius="lg" />
    </Stack>
  );
}
