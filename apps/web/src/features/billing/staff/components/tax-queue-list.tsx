import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { TaxQueueItem, TaxSystemSettingsView } from '@vitrin/contracts';
import { formatAmount, toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { JalaliDate } from '../../../../ui/jalali-date-time';
import {
  AdminListTable,
  AdminPhoneCard,
  AdminPhoneCards,
} from '../../../console/components/admin-list-table';
import { ConfirmAction } from '../../../console/components/confirm-action';
import { useResendTaxDocument } from '../api/tax-system';
import { billingDocumentPath } from '../utils/billing-paths';
import { rialText } from '../utils/billing-text';
import { DOCUMENT_KIND_LABELS } from '../utils/document-filters';
import { taxDaysLeftText, taxQueueColor } from '../utils/tax-system';
import { DocumentNumber } from './document-number';

const LABEL = 'صف سامانهٔ مودیان';
const COLUMNS = ['سند', 'خریدار', 'تاریخ صدور', 'جمع (ریال)', 'وضعیت', 'مهلت ارسال'] as const;

type Deadlines = Pick<TaxSystemSettingsView, 'deadlineDays' | 'noticeDays'>;

interface TaxQueueListProps {
  userId: string;
  items: readonly TaxQueueItem[];
  deadlines: Deadlines;
  /** Admins send again and confirm late documents; support only reads the queue. */
  manages: boolean;
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/** Documents the organisation has not accepted: a table from sm up, a card each on a phone. */
export function TaxQueueList({ userId, items, deadlines, manages }: TaxQueueListProps) {
  const resend = useResendTaxDocument(userId);
  const actionsOf = (item: TaxQueueItem) =>
    manages ? <QueueActions item={item} deadlines={deadlines} resend={resend.mutateAsync} /> : null;

  return (
    <>
      <AdminListTable label={LABEL} columns={COLUMNS} hiddenColumn={manages ? 'کارها' : undefined}>
        {items.map((item) => (
          <Table.Tr key={item.documentId}>
            <Table.Td>
              <Stack gap={2}>
                <DocumentLink item={item} />
                <Text size="xs" c="dimmed" style={nowrap}>
                  {DOCUMENT_KIND_LABELS[item.kind]}
                </Text>
                <TaxId taxId={item.taxId} />
              </Stack>
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {item.buyerName}
              </Text>
            </Table.Td>
            <Table.Td style={nowrap}>
              <Text size="sm">
                <JalaliDate iso={item.issuedAt} />
              </Text>
            </Table.Td>
            <Table.Td style={nowrap}>
              <Text size="sm" fw={700}>
                {formatAmount(item.totalRial)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Stack gap={4} align="flex-start">
                <StatusBadge item={item} deadlines={deadlines} />
                <Errors item={item} />
              </Stack>
            </Table.Td>
            <Table.Td style={nowrap}>
              <DaysLeft item={item} deadlines={deadlines} />
            </Table.Td>
            {manages && <Table.Td>{actionsOf(item)}</Table.Td>}
          </Table.Tr>
        ))}
      </AdminListTable>
      <AdminPhoneCards label={LABEL}>
        {items.map((item) => (
          <AdminPhoneCard key={item.documentId}>
            <Stack gap={6}>
              <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
                <DocumentLink item={item} />
                <StatusBadge item={item} deadlines={deadlines} />
              </Group>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {item.buyerName}
                <Text span size="sm" c="dimmed">
                  {` · ${DOCUMENT_KIND_LABELS[item.kind]}`}
                </Text>
              </Text>
              <Group justify="space-between" align="baseline" gap="xs">
                <Text size="sm" fw={700}>
                  {rialText(item.totalRial)}
                </Text>
                <Text size="xs" c="dimmed">
                  {'صدور '}
                  <JalaliDate iso={item.issuedAt} />
                </Text>
              </Group>
              <DaysLeft item={item} deadlines={deadlines} />
              <TaxId taxId={item.taxId} />
              <Errors item={item} />
              {manages && (item.canResend || item.needsLateConfirmation) && (
                <Group>{actionsOf(item)}</Group>
              )}
            </Stack>
          </AdminPhoneCard>
        ))}
      </AdminPhoneCards>
    </>
  );
}

function DocumentLink({ item }: { item: TaxQueueItem }) {
  return (
    <Anchor component={Link} to={billingDocumentPath(item.documentId)} fw={700} size="sm">
      <DocumentNumber number={item.number} />
    </Anchor>
  );
}

function StatusBadge({ item, deadlines }: { item: TaxQueueItem; deadlines: Deadlines }) {
  return (
    <Badge
      variant="light"
      color={taxQueueColor(item, deadlines)}
      style={{ flex: 'none', maxWidth: '100%' }}
      styles={{ label: { whiteSpace: 'normal' } }}
      h="auto"
      py={2}
    >
      {item.statusLabel}
    </Badge>
  );
}

/** The 22-character tax id it was sent with: Latin, left to right. */
function TaxId({ taxId }: { taxId: string | null }) {
  if (!taxId) return null;
  return (
    <Text size="xs" c="dimmed">
      {'شمارهٔ مالیاتی: '}
      <bdi dir="ltr" style={{ overflowWrap: 'anywhere' }}>
        {taxId}
      </bdi>
    </Text>
  );
}

/** The organisation's reasons for refusing it, each with its code. */
function Errors({ item }: { item: TaxQueueItem }) {
  if (item.errors.length === 0) return null;
  return (
    <Stack
      gap={2}
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={`خطاهای سند ${item.number}`}
    >
      {item.errors.map((error) => (
        <Text
          key={`${error.code}-${error.message}`}
          component="li"
          size="xs"
          c="red.8"
          style={{ overflowWrap: 'anywhere' }}
        >
          <bdi dir="ltr">{error.code}</bdi>
          {`: ${error.message}`}
        </Text>
      ))}
    </Stack>
  );
}

function DaysLeft({ item, deadlines }: { item: TaxQueueItem; deadlines: Deadlines }) {
  const color = taxQueueColor(item, deadlines);
  const urgent = item.daysLeft < 0 || color === 'orange';
  return (
    <Text size="sm" c={urgent ? (item.daysLeft < 0 ? 'red.8' : 'orange.8') : 'dimmed'}>
      {taxDaysLeftText(item.daysLeft)}
      <Text span size="xs" c="dimmed">
        {' (تا '}
        <JalaliDate iso={item.deadlineAt} />)
      </Text>
    </Text>
  );
}

interface QueueActionsProps {
  item: TaxQueueItem;
  deadlines: Deadlines;
  resend: (input: { documentId: string; confirmLate: boolean }) => Promise<unknown>;
}

/** Sending a refused document again, or a late one as an Article 9 invoice once confirmed. */
function QueueActions({ item, deadlines, resend }: QueueActionsProps) {
  if (item.needsLateConfirmation) {
    return (
      <ConfirmAction
        label="ارسال با مادهٔ ۹"
        size="compact-sm"
        color="orange"
        title={`ارسال دیرکرد سند ${item.number}`}
        description={`مهلت ${toPersianDigits(deadlines.deadlineDays)} روزهٔ ارسال این سند ${toPersianDigits(Math.max(-item.daysLeft, 1))} روز پیش تمام شده است. با تأیید شما، سند به‌عنوان صورتحساب مادهٔ ۹ (ارسال پس از مهلت) در اجرای بعدی به سامانهٔ مودیان فرستاده می‌شود. این تأیید با نام شما در گزارش کارها می‌ماند.`}
        confirmLabel="بله، با مادهٔ ۹ بفرست"
        successMessage={`سند ${item.number} برای ارسال با مادهٔ ۹ در صف گذاشته شد`}
        onConfirm={() => resend({ documentId: item.documentId, confirmLate: true })}
      />
    );
  }
  if (item.canResend) {
    return (
      <ConfirmAction
        label="ارسال دوباره"
        size="compact-sm"
        color="blue"
        title={`ارسال دوبارهٔ سند ${item.number}`}
        description="سند با بستهٔ تازه در اجرای بعدی به سامانهٔ مودیان فرستاده می‌شود. اگر علت رد در تنظیمات همین صفحه است (شناسهٔ حافظه، شناسهٔ کالا/خدمت، گواهی)، نخست آن را درست کنید؛ وگرنه سند دوباره رد می‌شود."
        confirmLabel="بله، دوباره بفرست"
        successMessage={`سند ${item.number} برای ارسال دوباره در صف گذاشته شد`}
        onConfirm={() => resend({ documentId: item.documentId, confirmLate: false })}
      />
    );
  }
  return null;
}
