import { Badge, Box, Group, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { REGISTRAR_KIND_LABELS } from '@vitrin/contracts';
import { ServerIcon } from '../../../../ui/icons';
import { ListCard } from '../../../../ui/list-card';
import { AdminListBody } from '../../../console/components/admin-list-body';
import { AdminListTable, AdminPhoneCards } from '../../../console/components/admin-list-table';
import { useStaffMember } from '../../../console/utils/staff-context';
import { type StaffRegistrar, useStaffRegistrars, useTestRegistrar } from '../api/registrars';
import { DomainsConsoleHeader, SECTION_LABEL } from '../components/domains-console-header';
import { DomainsConsoleTabs } from '../components/domains-console-tabs';
import { RegistrarTestButton, RegistrarTestResult } from '../components/registrar-connection-test';
import { RegistrarDialog } from '../components/registrar-dialog';
import { TldText } from '../components/tld-name';

const TITLE = 'حساب‌های ثبت‌کننده';
const LABEL = 'فهرست حساب‌های ثبت‌کننده';
const COLUMNS = ['حساب', 'نوع', 'نیم‌سرورهای پیش‌فرض', 'پسوندها', 'وضعیت'] as const;
/** The accounts come as one list: the list body shows it whole, without pages. */
const WHOLE_LIST = Number.MAX_SAFE_INTEGER;

/**
 * The registrar accounts (issue 38, admins): what each is and what it sells; add, edit and test
 * each.
 */
export function RegistrarsPage() {
  useDocumentTitle(`${TITLE} | ${SECTION_LABEL} | کنسول کارکنان ویترین`);
  const { userId } = useStaffMember();
  const registrars = useStaffRegistrars(userId);
  const count = registrars.data?.total ?? 0;

  return (
    <Stack gap="lg">
      <DomainsConsoleHeader
        page={TITLE}
        description="حساب‌هایی که دامنه‌ها از راه آن‌ها ثبت، تمدید و منتقل می‌شوند. گذرواژه و توکن هر حساب فقط نوشته می‌شود و هرگز نمایش داده نمی‌شود."
        actions={<RegistrarDialog staffId={userId} count={count} />}
      />
      <DomainsConsoleTabs active="registrars" />
      <AdminListBody
        query={registrars}
        icon={<ServerIcon size={32} />}
        empty={{
          title: 'هنوز حساب ثبت‌کننده‌ای نیست',
          description: 'تا حسابی نباشد، هیچ دامنه‌ای ثبت نمی‌شود.',
        }}
        countNoun="حساب"
        showRefreshing={false}
        page={1}
        pageSize={WHOLE_LIST}
        onPage={() => undefined}
        failedTitle="حساب‌های ثبت‌کننده بارگذاری نشد"
        loadingLabel="در حال بارگذاری حساب‌های ثبت‌کننده"
        skeletonCount={1}
      >
        {(items) => (
          <>
            <AdminListTable label={LABEL} columns={COLUMNS} hiddenColumn="کارها">
              {items.map((registrar) => (
                <RegistrarRow
                  key={registrar.id}
                  staffId={userId}
                  registrar={registrar}
                  count={count}
                />
              ))}
            </AdminListTable>
            <AdminPhoneCards label={LABEL}>
              {items.map((registrar) => (
                <RegistrarCard
                  key={registrar.id}
                  staffId={userId}
                  registrar={registrar}
                  count={count}
                />
              ))}
            </AdminPhoneCards>
          </>
        )}
      </AdminListBody>
    </Stack>
  );
}

interface RegistrarItemProps {
  staffId: string;
  registrar: StaffRegistrar;
  count: number;
}

function RegistrarRow({ staffId, registrar, count }: RegistrarItemProps) {
  const test = useTestRegistrar();
  const tested = test.isError || test.data !== undefined;
  return (
    <>
      <Table.Tr>
        {/* Names and host names kept whole: broken at a hyphen or a dot they read scrambled. */}
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <AccountName registrar={registrar} />
        </Table.Td>
        <Table.Td miw={120}>
          <Text size="sm">{REGISTRAR_KIND_LABELS[registrar.kind]}</Text>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Nameservers items={registrar.defaultNameservers} />
        </Table.Td>
        <Table.Td>
          <Tlds tlds={registrar.tlds} />
        </Table.Td>
        <Table.Td>
          {/* As wide as its label: a badge alone would let the table squeeze it. */}
          <Box w="max-content">
            <EnabledBadge enabled={registrar.enabled} />
          </Box>
        </Table.Td>
        <Table.Td>
          <Group gap={6} wrap="nowrap" justify="flex-end">
            <RegistrarTestButton registrar={registrar} test={test} />
            <RegistrarDialog staffId={staffId} registrar={registrar} count={count} />
          </Group>
        </Table.Td>
      </Table.Tr>
      {tested && (
        <Table.Tr>
          <Table.Td colSpan={COLUMNS.length + 1} pt={0}>
            <RegistrarTestResult test={test} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

function RegistrarCard({ staffId, registrar, count }: RegistrarItemProps) {
  const test = useTestRegistrar();
  return (
    <ListCard label={registrar.name}>
      <Stack gap={8}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <AccountName registrar={registrar} />
          <EnabledBadge enabled={registrar.enabled} />
        </Group>
        <Text size="xs" c="dimmed">
          {REGISTRAR_KIND_LABELS[registrar.kind]}
        </Text>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            نیم‌سرورهای پیش‌فرض
          </Text>
          <Nameservers items={registrar.defaultNameservers} />
        </Stack>
        <Tlds tlds={registrar.tlds} />
        <Group gap={6} wrap="wrap">
          <RegistrarTestButton registrar={registrar} test={test} />
          <RegistrarDialog staffId={staffId} registrar={registrar} count={count} />
        </Group>
        <RegistrarTestResult test={test} />
      </Stack>
    </ListCard>
  );
}

/** The account's name, and its registry's address under it, left to right. */
function AccountName({ registrar }: { registrar: StaffRegistrar }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
        <bdi>{registrar.name}</bdi>
      </Text>
      {registrar.endpoint ? (
        <Text size="xs" c="dimmed" dir="ltr" ta="right" style={{ overflowWrap: 'anywhere' }}>
          {registrar.endpoint}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          بی‌نشانی (درون ویترین)
        </Text>
      )}
    </Stack>
  );
}

function Nameservers({ items }: { items: string[] }) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {items.map((item) => (
        <Text key={item} size="sm" dir="ltr" ta="right" style={{ overflowWrap: 'anywhere' }}>
          {item}
        </Text>
      ))}
    </Stack>
  );
}

function Tlds({ tlds }: { tlds: string[] }) {
  if (tlds.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        پسوندی ندارد
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="wrap">
      {tlds.map((tld) => (
        <Badge key={tld} variant="light" color="gray" tt="none">
          <TldText tld={tld} />
        </Badge>
      ))}
    </Group>
  );
}

function EnabledBadge({ enabled }: { enabled: boolean }) {
  return (
    <Badge variant="light" color={enabled ? 'teal' : 'gray'} style={{ flex: 'none' }}>
      {enabled ? 'روشن' : 'خاموش'}
    </Badge>
  );
}
