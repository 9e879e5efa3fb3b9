import { Badge } from '@mantine/core';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@vitrin/contracts';

const colorOf: Record<OrderStatus, string> = {
  pending: 'amber',
  paid: 'teal',
  cancelled: 'gray',
  expired: 'gray',
  refunded: 'violet',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge
      color={colorOf[status]}
      c={status === 'pending' ? 'amber.9' : undefined}
      variant="light"
      size="lg"
    >
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
