import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { WALLET_REASON_LABELS } from '@vitrin/contracts';
import { Link } from 'react-router';
import { tomanText } from '../../../../lib/money';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { ListCard } from '../../../../ui/list-card';
import { AdminListTable, AdminPhoneCards } from '../../../console/components/admin-list-table';
import type { CustomerLedgerRow } from '../api/customers';
import { signedTomanAmount } from '../utils/customer-credit';
import { adminOrderPath } from '../utils/customer-paths';

const COLUMNS = ['زمان', 'نوع', 'شرح', 'مبلغ (تومان)', 'مانده'] as const;

/** The wallet's latest ledger rows, newest first: what came in and went out, and the balance after. */
export function CustomerLedger({ rows }: { rows: CustomerLedgerRow[] }) {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        کیف پول این مشتری هنوز گردشی نداشته است.
      </Text>
    );
  }
  return (
    <>
      <AdminListTable label="گردش کیف پول" columns={COLUMNS}>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">
                <JalaliDateTime iso={row.createdAt} />
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm" fw={500}>
                {WALLET_REASON_LABELS[row.reason]}
              </Text>
            </Table.Td>
            <Table.Td>
              <Description row={row} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Amount rial={row.amountRial} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{tomanText(row.balanceAfterRial)}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminListTable>
      <AdminPhoneCards label="گردش کیف پول">
        {rows.map((row) => (
          <ListCard key={row.id} label={WALLET_REASON_LABELS[row.reason]}>
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={700}>
                  {WALLET_REASON_LABELS[row.reason]}
                </Text>
                <Amount rial={row.amountRial} withUnit />
              </Group>
              <Description row={row} />
              <Group justify="space-between" gap="xs">
                <Text size="xs" c="dimmed">
                  <JalaliDateTime iso={row.createdAt} />
                </Text>
                <Text size="xs" c="dimmed">
                  {`مانده: ${tomanText(row.balanceAfterRial)}`}
                </Text>
              </Group>
            </Stack>
          </ListCard>
        ))}
      </AdminPhoneCards>
    </>
  );
}

function Amount({ rial, withUnit = false }: { rial: number; withUnit?: boolean }) {
  return (
    <Text size="sm" fw={700} c={rial < 0 ? 'red.8' : 'teal.8'} style={{ flex: 'none' }}>
      <bdi dir="ltr">{signedTomanAmount(rial)}</bdi>
      {withUnit && ' تومان'}
    </Text>
  );
}

function Description({ row }: { row: CustomerLedgerRow }) {
  return (
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {row.description}
      {row.orderId && (
        <>
          {' · '}
          {/* Underlined: in a line of grey text its colour alone would not mark it a link. */}
          <Anchor component={Link} to={adminOrderPath(row.orderId)} size="sm" underline="always">
            سفارش
          </Anchor>
        </>
      )}
    </Text>
  );
}
