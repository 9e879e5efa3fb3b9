import { Badge } from '@mantine/core';
import { SERVICE_STATUS_LABELS, type ServiceStatus } from '@vitrin/contracts';

// One palette for a service's state, in the customer's panel and the staff console alike: what
// needs the customer (expired: renew it) is red, what is over (terminated, cancelled) is gray,
// what is being set up is blue (violet once staff took it over).
const colorOf: Record<ServiceStatus, string> = {
  'awaiting-delivery': 'orange',
  pending: 'blue',
  provisioning: 'blue',
  failed: 'blue',
  'needs-attention': 'violet',
  active: 'teal',
  expired: 'red',
  suspended: 'amber',
  terminated: 'gray',
  cancelled: 'gray',
};

/** A service's state beside the service. */
export function ServiceStatusBadge({
  status,
  size = 'md',
}: {
  status: ServiceStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge
      color={colorOf[status]}
      // The light amber's own text is too pale to read on it.
      c={status === 'suspended' ? 'amber.9' : undefined}
      variant="light"
      size={size}
      style={{ flex: 'none' }}
    >
      {SERVICE_STATUS_LABELS[status]}
    </Badge>
  );
}
