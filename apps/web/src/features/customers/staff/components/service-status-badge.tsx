import { Badge } from '@mantine/core';
import { SERVICE_STATUS_LABELS, type ServiceStatus } from '@vitrin/contracts';

const colorOf: Record<ServiceStatus, string> = {
  pending: 'blue',
  active: 'teal',
  suspended: 'amber',
  expired: 'gray',
  cancelled: 'red',
};

/** A service's state as the console shows it beside the service. */
export function ServiceStatusBadge({ status }: { status: ServiceStatus }) {
  return (
    <Badge
      color={colorOf[status]}
      c={status === 'suspended' ? 'amber.9' : undefined}
      variant="light"
      style={{ flex: 'none' }}
    >
      {SERVICE_STATUS_LABELS[status]}
    </Badge>
  );
}
