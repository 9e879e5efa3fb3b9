import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { PathResult } from '@vitrin/contracts';
import { Link } from 'react-router';
import { documentPath, orderDocumentPath } from '../../../lib/panel-paths';
import { FileTextIcon } from '../../../ui/icons';
import { DocumentActions } from './document-actions';

type Order = Pick<
  PathResult<'/api/user/orders/order-get-detail'>,
  'id' | 'number' | 'status' | 'invoice' | 'creditNotes'
>;

/**
 * An order's billing documents on its page: the pro-forma while it is unpaid, the numbered
 * invoice once paid, each with its PDF, and the credit notes of any refunds.
 */
export function OrderDocuments({ order }: { order: Order }) {
  const settled = order.status === 'paid' || order.status === 'refunded';

  return (
    <Stack gap="sm">
      {order.invoice ? (
        <Group gap="sm" align="flex-start">
          <Button
            component={Link}
            to={documentPath(order.invoice.id)}
            variant="light"
            leftSection={<FileTextIcon size={18} />}
          >
            {/* One text: the button lays its label out as a flex row, which drops the space. */}
            <span>
              صورتحساب <bdi dir="ltr">{order.invoice.number}</bdi>
            </span>
          </Button>
          <DocumentActions
            request={{ documentId: order.invoice.id }}
            name={{ number: order.invoice.number }}
          />
        </Group>
      ) : settled ? (
        // Paid before invoices were issued (decision 0022): there is none to show.
        <Text size="sm" c="dimmed">
          این سفارش پیش از صدور صورتحساب رسمی پرداخت شده است؛ برای صورتحساب آن به پشتیبانی پیام
          دهید.
        </Text>
      ) : (
        <Group gap="sm" align="flex-start">
          <Button
            component={Link}
            to={orderDocumentPath(order.id)}
            variant="light"
            leftSection={<FileTextIcon size={18} />}
          >
            پیش‌فاکتور
          </Button>
          <DocumentActions
            request={{ orderId: order.id }}
            name={{ number: null, orderNumber: order.number }}
          />
        </Group>
      )}
      {order.creditNotes.length > 0 && (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {order.creditNotes.map((note) => (
            <li key={note.id}>
              <Anchor component={Link} to={documentPath(note.id)} size="sm">
                برگشت از فروش <bdi dir="ltr">{note.number}</bdi>
              </Anchor>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
