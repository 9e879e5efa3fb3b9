import { Anchor, Box, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useId, useState } from 'react';
import { trailState } from '../../../../lib/list-cursor';
import { useFilterParams } from '../../../../lib/use-filter-params';
import { FileTextIcon } from '../../../../ui/icons';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { MobileNumber } from '../../../../ui/mobile-number';
import { PanelPageHeader } from '../../../../ui/panel-page-header';
import { AdminListBody } from '../../../console/components/admin-list-body';
import {
  AdminListTable,
  AdminPhoneCard,
  AdminPhoneCards,
} from '../../../console/components/admin-list-table';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import {
  actionLabel,
  actionPrefix,
  entityTypeLabel,
  shortenId,
} from '../../../console/utils/audit-actions';
import { useStaffMember } from '../../../console/utils/staff-context';
import { AUDIT_PAGE_SIZE, type AuditLogEntry, useAuditLog } from '../api/get-audit-log';
import { AuditChanges } from '../components/audit-changes';
import { AuditFiltersBar } from '../components/audit-filters-bar';
import { type AuditFilters, auditFilterCodec, hasAuditFilters } from '../utils/audit-filters';

type SetFilters = (changes: Partial<AuditFilters>) => void;

/** The audit log (issue 8, admins only): every staff change, newest first, filtered by address. */
export function AuditPage() {
  useDocumentTitle('گزارش کارها | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(auditFilterCodec);
  const log = useAuditLog(userId, filters);

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[{ label: 'کنسول کارکنان', to: ADMIN_PATH }, { label: 'گزارش کارها' }]}
        title="گزارش کارها"
        description="هر تغییری که کارکنان داده‌اند: چه کسی، چه کاری، روی کدام رکورد، پیش و پس از آن، و کی. تازه‌ترین اول."
      />
      <AuditFiltersBar
        key={`${filters.entityType}\u0000${filters.entityId}`}
        filters={filters}
        setFilters={setFilters}
      />
      <AdminListBody
        query={log}
        icon={<FileTextIcon size={32} />}
        empty={{
          title: 'هنوز کاری ثبت نشده است',
          description:
            'هر تغییری که کارکنان در سفارش‌ها، مشتریان، تیکت‌ها یا فروشگاه بدهند این‌جا می‌آید.',
        }}
        noMatch={{
          when: hasAuditFilters(filters) || filters.page > 1,
          title: 'کاری با این فیلترها ثبت نشده است',
          description: 'فیلترها را تغییر دهید یا بردارید تا کارهای دیگر را ببینید.',
          resetLabel: 'نمایش همهٔ کارها',
          onReset: () => setFilters({ action: null, entityType: '', entityId: '' }),
        }}
        countNoun="کار"
        page={filters.page}
        pageSize={AUDIT_PAGE_SIZE}
        cursor={{
          after: filters.after,
          onMove: ({ trail, ...place }) => setFilters(place, { state: trailState(trail) }),
        }}
        failedTitle="گزارش کارها بارگذاری نشد"
        loadingLabel="در حال بارگذاری گزارش کارها"
      >
        {(items) => (
          <>
            <AuditTable items={items} setFilters={setFilters} />
            <AuditCards items={items} setFilters={setFilters} />
          </>
        )}
      </AdminListBody>
    </Stack>
  );
}

const COLUMNS = ['زمان', 'کارمند', 'کار', 'رکورد', 'دلیل'] as const;

/** From sm up: one row an entry, its details in a row under it when opened. */
function AuditTable({ items, setFilters }: { items: AuditLogEntry[]; setFilters: SetFilters }) {
  return (
    <AdminListTable label="فهرست کارها" columns={COLUMNS} hiddenColumn="جزئیات">
      {items.map((entry) => (
        <AuditTableRow key={entry.id} entry={entry} setFilters={setFilters} />
      ))}
    </AdminListTable>
  );
}

function AuditTableRow({ entry, setFilters }: { entry: AuditLogEntry; setFilters: SetFilters }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <>
      <Table.Tr>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm">
            <JalaliDateTime iso={entry.createdAt} />
          </Text>
        </Table.Td>
        <Table.Td>
          <Actor actor={entry.actor} />
        </Table.Td>
        <Table.Td>
          <ActionText action={entry.action} />
        </Table.Td>
        <Table.Td>
          <RecordText entry={entry} />
        </Table.Td>
        <Table.Td maw={260}>
          <Reason reason={entry.reason} />
        </Table.Td>
        <Table.Td ta="end">
          <DetailsToggle open={open} onToggle={() => setOpen(!open)} controls={detailsId} />
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr id={detailsId} bg="gray.0">
          <Table.Td colSpan={COLUMNS.length + 1}>
            <AuditDetails entry={entry} setFilters={setFilters} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** On a phone: one card an entry. */
function AuditCards({ items, setFilters }: { items: AuditLogEntry[]; setFilters: SetFilters }) {
  return (
    <AdminPhoneCards label="فهرست کارها">
      {items.map((entry) => (
        <AuditCard key={entry.id} entry={entry} setFilters={setFilters} />
      ))}
    </AdminPhoneCards>
  );
}

function AuditCard({ entry, setFilters }: { entry: AuditLogEntry; setFilters: SetFilters }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <AdminPhoneCard>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <ActionText action={entry.action} />
          <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
            <JalaliDateTime iso={entry.createdAt} />
          </Text>
        </Group>
        <Actor actor={entry.actor} inline />
        <RecordText entry={entry} />
        {entry.reason && <Reason reason={entry.reason} />}
        <Group justify="flex-end">
          <DetailsToggle open={open} onToggle={() => setOpen(!open)} controls={detailsId} />
        </Group>
        {open && (
          <Box id={detailsId}>
            <AuditDetails entry={entry} setFilters={setFilters} />
          </Box>
        )}
      </Stack>
    </AdminPhoneCard>
  );
}

function Actor({ actor, inline = false }: { actor: AuditLogEntry['actor']; inline?: boolean }) {
  return inline ? (
    <Text size="sm">
      {actor.name}
      <Text span size="sm" c="dimmed">
        {' · '}
        <MobileNumber mobile={actor.mobile} />
      </Text>
    </Text>
  ) : (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {actor.name}
      </Text>
      <Text size="xs" c="dimmed">
        <MobileNumber mobile={actor.mobile} />
      </Text>
    </Stack>
  );
}

/** The action in Persian; the raw action under it when the Persian is a translation of it. */
function ActionText({ action }: { action: string }) {
  const label = actionLabel(action);
  return (
    <Stack gap={0}>
      <Text size="sm" fw={700}>
        {label === action ? <bdi dir="ltr">{action}</bdi> : label}
      </Text>
      {label !== action && actionPrefix(action) !== null && (
        <Text size="xs" c="dimmed" dir="ltr" ta="right">
          {action}
        </Text>
      )}
    </Stack>
  );
}

function RecordText({ entry }: { entry: AuditLogEntry }) {
  return (
    <Text size="sm">
      {entityTypeLabel(entry.entityType)}{' '}
      <Code dir="ltr" title={entry.entityId}>
        {shortenId(entry.entityId)}
      </Code>
    </Text>
  );
}

function Reason({ reason }: { reason: string | null }) {
  return reason ? (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {reason}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

function DetailsToggle(props: { open: boolean; onToggle: () => void; controls: string }) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      onClick={props.onToggle}
      aria-expanded={props.open}
      aria-controls={props.open ? props.controls : undefined}
    >
      {props.open ? 'بستن جزئیات' : 'جزئیات'}
    </Button>
  );
}

/** What the row keeps beyond its line: every field before and after, the full ids, the address. */
function AuditDetails({ entry, setFilters }: { entry: AuditLogEntry; setFilters: SetFilters }) {
  return (
    <Stack gap="sm" py={4}>
      <AuditChanges before={entry.before} after={entry.after} />
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          <Text span size="sm" c="dimmed">
            {'کار: '}
          </Text>
          <Code dir="ltr">{entry.action}</Code>
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span size="sm" c="dimmed">
            {'رکورد: '}
          </Text>
          <Code dir="ltr">{`${entry.entityType} ${entry.entityId}`}</Code>
        </Text>
        {entry.ipAddress && (
          <Text size="sm">
            <Text span size="sm" c="dimmed">
              {'نشانی IP: '}
            </Text>
            <Code dir="ltr">{entry.ipAddress}</Code>
          </Text>
        )}
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() =>
            setFilters({ action: null, entityType: entry.entityType, entityId: entry.entityId })
          }
        >
          همهٔ کارهای این رکورد
        </Anchor>
      </Group>
    </Stack>
  );
}
