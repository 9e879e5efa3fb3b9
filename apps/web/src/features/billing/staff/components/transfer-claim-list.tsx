import { Card, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import type { StaffTransferClaim } from '../api/transfer-claims';
import { rialText } from '../utils/billing-text';
import { cardLast4Text, MANUAL_METHOD_LABELS } from '../utils/transfer-claims';
import { ReceiptThumbnail } from './receipt-thumbnail';
import {
  ClaimCustomer,
  ClaimReview,
  type ClaimReviewActions,
  ClaimReviewNotes,
  ClaimStatusBadge,
  ClaimTarget,
  TransferClaimCard,
  TransferReference,
} from './transfer-claim-card';

const LABEL = 'پرداخت‌های کارت به کارت';
const COLUMNS = ['مشتری', 'پرداخت', 'مبلغ', 'کد پیگیری', 'زمان واریز', 'رسید', 'وضعیت'] as const;
const nowrap = { whiteSpace: 'nowrap' } as const;

interface TransferClaimListProps {
  userId: string;
  items: readonly StaffTransferClaim[];
  review?: ClaimReviewActions;
}

/** A page of claims: a table from md up (a row a claim, its review under its status), cards below. */
export function TransferClaimList({ userId, items, review }: TransferClaimListProps) {
  return (
    <>
      <Card p={0} visibleFrom="md">
        {/* Reachable by keyboard, so it can be scrolled without a mouse (issue 22). */}
        <Table.ScrollContainer
          minWidth={860}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={LABEL}
        >
          <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label={LABEL}>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <Table.Th key={column} style={nowrap}>
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((claim) => (
                <Table.Tr key={claim.id} style={{ verticalAlign: 'top' }}>
                  <Table.Td>
                    <ClaimCustomer claim={claim} />
                  </Table.Td>
                  <Table.Td style={nowrap}>
                    <Text size="sm">
                      <ClaimTarget claim={claim} />
                    </Text>
                    <Text size="xs" c="dimmed">
                      {MANUAL_METHOD_LABELS[claim.method]}
                    </Text>
                  </Table.Td>
                  <Table.Td style={nowrap}>
                    <Text size="sm" fw={700}>
                      {rialText(claim.amountRial)}
                    </Text>
                  </Table.Td>
                  <Table.Td style={nowrap}>
                    <Text size="sm">
                      <TransferReference value={claim.transferReference} />
                    </Text>
                    {claim.cardLast4 && (
                      <Text size="xs" c="dimmed">
                        {'کارت '}
                        <bdi dir="ltr">{cardLast4Text(claim.cardLast4)}</bdi>
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={nowrap}>
                    <Text size="sm">
                      <JalaliDateTime iso={claim.transferredAt} />
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {claim.receiptAttachmentId ? (
                      <ReceiptThumbnail userId={userId} attachmentId={claim.receiptAttachmentId} />
                    ) : (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td w={review ? 250 : 220}>
                    <Stack gap={6} align="flex-start">
                      <ClaimStatusBadge claim={claim} />
                      <ClaimReviewNotes claim={claim} />
                      {review && claim.status === 'pending' && (
                        <ClaimReview claim={claim} review={review} />
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      <SimpleGrid
        component="ul"
        cols={1}
        spacing="sm"
        m={0}
        p={0}
        hiddenFrom="md"
        aria-label={LABEL}
      >
        {items.map((claim) => (
          <TransferClaimCard key={claim.id} userId={userId} claim={claim} review={review} />
        ))}
      </SimpleGrid>
    </>
  );
}
