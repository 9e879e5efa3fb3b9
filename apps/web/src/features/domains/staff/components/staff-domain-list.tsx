import { Box, Group, Stack, Table, Text } from '@mantine/core';
import { ListCard } from '../../../../ui/list-card';
import { AdminListTable, AdminPhoneCards } from '../../../console/components/admin-list-table';
import { DomainStatusBadge } from '../../components/domain-status-badge';
import type { StaffDomainRow } from '../api/staff-domains';
import {
  DomainCustomer,
  DomainExpiry,
  DomainNameLink,
  DomainNote,
  RegistrarName,
  RenewalBadge,
} from './domain-cells';

const LABEL = 'فهرست دامنه‌ها';
const COLUMNS = ['دامنه', 'مشتری', 'وضعیت', 'انقضا', 'ثبت‌کننده', 'یادداشت'] as const;

/** The domains, those whose state changed last first (the server's order): table and cards. */
export function StaffDomainList({ items }: { items: StaffDomainRow[] }) {
  return (
    <>
      <AdminListTable label={LABEL} columns={COLUMNS}>
        {items.map((domain) => (
          <Table.Tr key={domain.id}>
            <Table.Td miw={150}>
              <DomainNameLink domain={domain} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <DomainCustomer customer={domain.customer} />
            </Table.Td>
            <Table.Td>
              {/* As wide as its label: a badge alone would let the table squeeze it. */}
              <Stack gap={4} w="max-content">
                <DomainStatusBadge status={domain.status} size="sm" />
                <RenewalBadge renewal={domain.renewal} />
              </Stack>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <DomainExpiry domain={domain} />
            </Table.Td>
            <Table.Td>
              <RegistrarName name={domain.registrar} />
            </Table.Td>
            <Table.Td miw={160} maw={280}>
              <DomainNote note={domain.note} lineClamp={2} />
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminListTable>
      <AdminPhoneCards label={LABEL}>
        {items.map((domain) => (
          <ListCard key={domain.id} label={domain.name}>
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <DomainNameLink domain={domain} />
                <DomainStatusBadge status={domain.status} size="sm" />
              </Group>
              <DomainCustomer customer={domain.customer} />
              <Group gap="md" wrap="wrap" align="flex-start">
                <Box>
                  <DomainExpiry domain={domain} />
                </Box>
                <Text size="xs" c="dimmed">
                  {'ثبت‌کننده: '}
                  <bdi>{domain.registrar}</bdi>
                </Text>
              </Group>
              <RenewalBadge renewal={domain.renewal} />
              {domain.note && <DomainNote note={domain.note} lineClamp={3} />}
            </Stack>
          </ListCard>
        ))}
      </AdminPhoneCards>
    </>
  );
}
