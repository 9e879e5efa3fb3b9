import { Badge } from '@mantine/core';
import { SERVICE_STATUS_LABELS, type ServiceStatus } from '@vitrin/contracts';

const colorOf: Record<ServiceStatus, string> = {
  pending: 'blue',
  active: 'teal',
  suspended: 'orange',
  expired: 'red',
  cancelled: 'gray',
};

export function ServiceStatusBadge({
  status,
  size = 'md',
}: {
  status: ServiceStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge color={colorOf[status]} variant="light" size={size}>
      {SERVICE_STATUS_LABELS[status]}
    </Badge>
  );
}
