import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PANEL_KIND_LABELS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { ServerIcon } from '../../../../ui/icons';
import { ListCard } from '../../../../ui/list-card';
import { AdminListBody } from '../../../console/components/admin-list-body';
import { AdminListTable, AdminPhoneCards } from '../../../console/components/admin-list-table';
import { useStaffMember } from '../../../console/utils/staff-context';
import { type PanelServer, usePanelServers, useTestPanelServer } from '../api/panel-servers';
import { PanelServerDialog } from '../components/panel-server-dialog';
import { ProvisioningHeader, SECTION_LABEL } from '../components/provisioning-header';
import { ProvisioningTabs } from '../components/provisioning-tabs';
import { ConnectionTestButton, ConnectionTestResult } from '../components/server-connection-test';

const TITLE = 'سرورهای کنترل پنل';
const LABEL = 'فهرست سرورهای کنترل پنل';
const COLUMNS = ['سرور', 'نوع', 'گروه', 'حساب‌ها از ظرفیت', 'وضعیت'] as const;
/** The servers come as one list: the list body shows it whole, without pages. */
const WHOLE_LIST = Number.MAX_SAFE_INTEGER;

/** The panel servers (issue 20, admins): add, edit and test each; grouped as products use them. */
export function PanelServersPage() {
  useDocumentTitle(`${TITLE} | ${SECTION_LABEL} | کنسول کارکنان ویترین`);
  const { userId } = useStaffMember();
  const servers = usePanelServers(userId);
  const count = servers.data?.total ?? 0;

  return (
    <Stack gap="lg">
      <ProvisioningHeader
        page={TITLE}
        description="سرورهایی که سرویس‌ها روی آن‌ها ساخته می‌شوند. هر سرویس تازه روی کم‌بارترین سرور روشن گروه محصولش می‌نشیند؛ اطلاعات ورود هر سرور فقط نوشته می‌شود و هرگز نمایش داده نمی‌شود."
        actions={<PanelServerDialog staffId={userId} serverCount={count} />}
      />
      <ProvisioningTabs active="servers" />
      <AdminListBody
        query={servers}
        icon={<ServerIcon size={32} />}
        empty={{
          title: 'هنوز سروری ثبت نشده است',
          description: 'تا سروری نباشد، هر سرویس پرداخت‌شده به صف راه‌اندازی دستی می‌رود.',
        }}
        countNoun="سرور"
        showRefreshing={false}
        page={1}
        pageSize={WHOLE_LIST}
        onPage={() => undefined}
        failedTitle="سرورها بارگذاری نشد"
        loadingLabel="در حال بارگذاری سرورها"
        skeletonCount={2}
      >
        {(items) => (
          <>
            <AdminListTable label={LABEL} columns={COLUMNS} hiddenColumn="کارها">
              {items.map((server) => (
                <ServerRow key={server.id} staffId={userId} server={server} count={count} />
              ))}
            </AdminListTable>
            <AdminPhoneCards label={LABEL}>
              {items.map((server) => (
                <ServerCard key={server.id} staffId={userId} server={server} count={count} />
              ))}
            </AdminPhoneCards>
          </>
        )}
      </AdminListBody>
    </Stack>
  );
}

interface ServerItemProps {
  staffId: string;
  server: PanelServer;
  count: number;
}

function ServerRow({ staffId, server, count }: ServerItemProps) {
  const test = useTestPanelServer();
  const tested = test.isError || test.data !== undefined;
  return (
    <>
      <Table.Tr>
        <Table.Td>
          <ServerName server={server} />
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm">{PANEL_KIND_LABELS[server.kind]}</Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm">
            <bdi>{server.groupName}</bdi>
          </Text>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Load server={server} />
        </Table.Td>
        <Table.Td>
          <EnabledBadge enabled={server.enabled} />
        </Table.Td>
        <Table.Td>
          <Group gap={6} wrap="nowrap" justify="flex-end">
            <ConnectionTestButton server={server} test={test} />
            <PanelServerDialog staffId={staffId} server={server} serverCount={count} />
          </Group>
        </Table.Td>
      </Table.Tr>
      {tested && (
        <Table.Tr>
          <Table.Td colSpan={COLUMNS.length + 1} pt={0}>
            <ConnectionTestResult test={test} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

function ServerCard({ staffId, server, count }: ServerItemProps) {
  const test = useTestPanelServer();
  return (
    <ListCard label={server.name}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <ServerName server={server} />
          <EnabledBadge enabled={server.enabled} />
        </Group>
        <Group gap="md" wrap="wrap">
          <Text size="xs" c="dimmed">
            {PANEL_KIND_LABELS[server.kind]}
          </Text>
          <Text size="xs" c="dimmed">
            {'گروه '}
            <bdi>{server.groupName}</bdi>
          </Text>
          <Text size="xs" c="dimmed" component="div">
            <Load server={server} />
          </Text>
        </Group>
        <Group gap={6} wrap="wrap">
          <ConnectionTestButton server={server} test={test} />
          <PanelServerDialog staffId={staffId} server={server} serverCount={count} />
        </Group>
        <ConnectionTestResult test={test} />
      </Stack>
    </ListCard>
  );
}

function ServerName({ server }: { server: PanelServer }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
        <bdi>{server.name}</bdi>
      </Text>
      {server.baseUrl && (
        <Text size="xs" c="dimmed" dir="ltr" ta="right" style={{ overflowWrap: 'anywhere' }}>
          {server.baseUrl}
        </Text>
      )}
      <Addresses addresses={server.addresses} />
    </Stack>
  );
}

/** Where its sites answer: what hosted domains' zones point at (issue 38), or that it is unset. */
function Addresses({ addresses }: { addresses: readonly string[] }) {
  if (addresses.length === 0) {
    return (
      <Text size="xs" c="orange.9">
        نشانی IP ثبت نشده؛ رکوردهای DNS دامنه‌ها نوشته نمی‌شود
      </Text>
    );
  }
  return (
    <Text size="xs" c="dimmed" component="div">
      {'نشانی‌ها: '}
      {addresses.map((address, index) => (
        <span key={address}>
          {index > 0 && '، '}
          <bdi dir="ltr" style={{ display: 'inline-block', overflowWrap: 'anywhere' }}>
            {address}
          </bdi>
        </span>
      ))}
    </Text>
  );
}

function Load({ server }: { server: PanelServer }) {
  const full = server.accounts >= server.capacity;
  return (
    <Text size="sm" span c={full ? 'red.8' : undefined}>
      {`${toPersianDigits(server.accounts)} از ${toPersianDigits(server.capacity)}`}
      {full && ' (پر)'}
    </Text>
  );
}

function EnabledBadge({ enabled }: { enabled: boolean }) {
  return (
    <Badge variant="light" color={enabled ? 'teal' : 'gray'} style={{ flex: 'none' }}>
      {enabled ? 'روشن' : 'خاموش'}
    </Badge>
  );
}
