import { Box, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useFilterParams } from '../../../../lib/use-filter-params';
import { FileTextIcon, PlusIcon } from '../../../../ui/icons';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { PanelPageHeader } from '../../../../ui/panel-page-header';
import { SearchBox } from '../../../../ui/search-box';
import { AdminListBody } from '../../../console/components/admin-list-body';
import {
  AdminListTable,
  AdminPhoneCard,
  AdminPhoneCards,
} from '../../../console/components/admin-list-table';
import { ConfirmAction } from '../../../console/components/confirm-action';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import {
  CANNED_REPLIES_PAGE_SIZE,
  type CannedReply,
  useCannedReplies,
  useDeleteCannedReply,
} from '../api/canned-replies';
import { CannedReplyEditor } from '../components/canned-reply-editor';
import { cannedReplyCodec } from '../utils/canned-filters';
import { TICKETS_ADMIN_PATH } from '../utils/ticket-filters';

type Editing = { reply: CannedReply | null } | null;

/** Canned replies (issue 8): texts support keeps for answers given often, shared by all staff. */
export function CannedRepliesPage() {
  useDocumentTitle('پاسخ‌های آماده | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(cannedReplyCodec);
  const replies = useCannedReplies(userId, filters);
  const [editing, setEditing] = useState<Editing>(null);
  const actions = {
    edit: (reply: CannedReply) => setEditing({ reply }),
    remove: useDeleteCannedReply(userId),
  };

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[
          { label: 'کنسول کارکنان', to: ADMIN_PATH },
          { label: 'تیکت‌ها', to: TICKETS_ADMIN_PATH },
          { label: 'پاسخ‌های آماده' },
        ]}
        title="پاسخ‌های آماده"
        description="متن‌هایی برای پاسخ‌های پرتکرار، که در فرم پاسخ تیکت با «پاسخ آماده» درج می‌شوند."
        actions={
          <Button leftSection={<PlusIcon size={18} />} onClick={() => setEditing({ reply: null })}>
            افزودن پاسخ آماده
          </Button>
        }
      />
      <Box maw={{ sm: 420 }}>
        <SearchBox
          value={filters.search}
          onSearch={(search) => setFilters({ search })}
          label="جست‌وجو"
          placeholder="عنوان یا بخشی از متن"
        />
      </Box>
      <AdminListBody
        query={replies}
        icon={<FileTextIcon size={32} />}
        empty={{
          title: 'هنوز پاسخ آماده‌ای نیست',
          description: 'پاسخ‌هایی را که بارها می‌نویسید این‌جا نگه دارید تا با یک کلیک درج شوند.',
        }}
        noMatch={{
          when: filters.search !== '' || filters.page > 1,
          title: 'پاسخ آماده‌ای با این عبارت نیست',
          description: 'عبارت دیگری را جست‌وجو کنید.',
          resetLabel: 'نمایش همهٔ پاسخ‌ها',
          onReset: () => setFilters({ search: '' }),
        }}
        countNoun="پاسخ آماده"
        page={filters.page}
        pageSize={CANNED_REPLIES_PAGE_SIZE}
        onPage={(page) => setFilters({ page })}
        failedTitle="پاسخ‌های آماده بارگذاری نشد"
        loadingLabel="در حال بارگذاری پاسخ‌های آماده"
        skeletonCount={2}
      >
        {(items) => (
          <>
            <CannedTable items={items} actions={actions} />
            <CannedCards items={items} actions={actions} />
          </>
        )}
      </AdminListBody>
      <CannedReplyEditor
        userId={userId}
        reply={editing?.reply ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}

interface RowActions {
  edit: (reply: CannedReply) => void;
  remove: (id: string) => Promise<void>;
}

const COLUMNS = ['عنوان', 'متن', 'آخرین تغییر', 'کارها'] as const;

function CannedTable({ items, actions }: { items: CannedReply[]; actions: RowActions }) {
  return (
    <AdminListTable label="فهرست پاسخ‌های آماده" columns={COLUMNS}>
      {items.map((reply) => (
        <Table.Tr key={reply.id}>
          <Table.Td w={200}>
            <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
              {reply.title}
            </Text>
            {reply.createdBy && (
              <Text size="xs" c="dimmed">
                {`نوشتهٔ ${reply.createdBy.name}`}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Body text={reply.body} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm">
              <JalaliDateTime iso={reply.updatedAt} />
            </Text>
          </Table.Td>
          <Table.Td>
            <RowButtons reply={reply} actions={actions} />
          </Table.Td>
        </Table.Tr>
      ))}
    </AdminListTable>
  );
}

function CannedCards({ items, actions }: { items: CannedReply[]; actions: RowActions }) {
  return (
    <AdminPhoneCards label="فهرست پاسخ‌های آماده">
      {items.map((reply) => (
        <AdminPhoneCard key={reply.id}>
          <Stack gap={6}>
            <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
              {reply.title}
            </Text>
            <Body text={reply.body} />
            <Text size="xs" c="dimmed">
              {reply.createdBy && `نوشتهٔ ${reply.createdBy.name} · `}
              <JalaliDateTime iso={reply.updatedAt} />
            </Text>
            <RowButtons reply={reply} actions={actions} />
          </Stack>
        </AdminPhoneCard>
      ))}
    </AdminPhoneCards>
  );
}

function Body({ text }: { text: string }) {
  return (
    <Text
      size="sm"
      lineClamp={3}
      dir="auto"
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', unicodeBidi: 'plaintext' }}
    >
      {text}
    </Text>
  );
}

function RowButtons({ reply, actions }: { reply: CannedReply; actions: RowActions }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        onClick={() => actions.edit(reply)}
        aria-label={`ویرایش «${reply.title}»`}
      >
        ویرایش
      </Button>
      <ConfirmAction
        label="حذف"
        size="xs"
        title={`حذف «${reply.title}»`}
        description="این پاسخ آماده از فهرست همهٔ کارکنان حذف می‌شود. پیام‌هایی که پیش‌تر با آن فرستاده شده‌اند تغییری نمی‌کنند."
        confirmLabel="بله، حذف شود"
        successMessage="پاسخ آماده حذف شد"
        onConfirm={() => actions.remove(reply.id)}
      />
    </Group>
  );
}
