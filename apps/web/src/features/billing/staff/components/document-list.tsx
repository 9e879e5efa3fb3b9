import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { formatAmount, toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import {
  AdminListTable,
  AdminPhoneCard,
  AdminPhoneCards,
} from '../../../console/components/admin-list-table';
import type { DocumentSummary } from '../api/billing-documents';
import { billingDocumentPath, staffOrderPath } from '../utils/billing-paths';
import { rialText } from '../utils/billing-text';
import { DocumentKindBadge } from './document-kind-badge';
import { DocumentNumber } from './document-number';

const LABEL = 'فهرست اسناد مالی';
const COLUMNS = [
  'شماره',
  'نوع',
  'تاریخ صدور',
  'خریدار',
  'سفارش',
  'خالص (ریال)',
  'مالیات (ریال)',
  'جمع (ریال)',
] as const;

function OrderLink({ order }: { order: DocumentSummary['order'] }) {
  if (!order) {
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={staffOrderPath(order.id)} size="sm">
      {`سفارش ${toPersianDigits(order.number)}`}
    </Anchor>
  );
}

const amountCell = { whiteSpace: 'nowrap' } as const;

/** A page of documents: a table from sm up, a card a document on a phone; each opens it. */
export function DocumentList({ items }: { items: readonly DocumentSummary[] }) {
  return (
    <>
      <AdminListTable label={LABEL} columns={COLUMNS}>
        {items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td style={amountCell}>
              <Anchor component={Link} to={billingDocumentPath(item.id)} fw={700} size="sm">
                <DocumentNumber number={item.number} />
              </Anchor>
            </Table.Td>
            <Table.Td>
              <DocumentKindBadge kind={item.kind} />
            </Table.Td>
            <Table.Td style={amountCell}>
              <Text size="sm">
                <JalaliDateTime iso={item.issuedAt} />
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {item.buyerName}
              </Text>
            </Table.Td>
            <Table.Td style={amountCell}>
              <OrderLink order={item.order} />
            </Table.Td>
            <Table.Td style={amountCell}>
              <Text size="sm">{formatAmount(item.netRial)}</Text>
            </Table.Td>
            <Table.Td style={amountCell}>
              <Text size="sm">{formatAmount(item.vatRial)}</Text>
            </Table.Td>
            <Table.Td style={amountCell}>
              <Text size="sm" fw={700}>
                {formatAmount(item.totalRial)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminListTable>
      <AdminPhoneCards label={LABEL}>
        {items.map((item) => (
          <AdminPhoneCard key={item.id}>
            <Stack gap={6}>
              <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
                <Anchor component={Link} to={billingDocumentPath(item.id)} fw={700}>
                  <DocumentNumber number={item.number} />
                </Anchor>
                <DocumentKindBadge kind={item.kind} />
              </Group>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {item.buyerName}
                {item.order && (
                  <Text span size="sm" c="dimmed">
                    {' · '}
                    <OrderLink order={item.order} />
                  </Text>
                )}
              </Text>
              <Text size="xs" c="dimmed">
                {`خالص ${rialText(item.netRial)} · مالیات ${rialText(item.vatRial)}`}
              </Text>
              <Group justify="space-between" align="baseline" gap="xs">
                <Text size="sm" fw={700}>
                  {rialText(item.totalRial)}
                </Text>
                <Text size="xs" c="dimmed">
                  <JalaliDateTime iso={item.issuedAt} />
                </Text>
              </Group>
            </Stack>
          </AdminPhoneCard>
        ))}
      </AdminPhoneCards>
    </>
  );
}
