import { Badge } from '@mantine/core';
import { DOMAIN_STATUS_LABELS, type DomainStatus } from '@vitrin/contracts';
import { DOMAIN_STATUS_COLORS } from '../utils/domain-status';

/** A domain's state beside the domain. */
export function DomainStatusBadge({
  status,
  size = 'md',
}: {
  status: DomainStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge
      color={DOMAIN_STATUS_COLORS[status]}
      variant="light"
      size={size}
      style={{ flex: 'none' }}
    >
      {DOMAIN_STATUS_LABELS[status]}
    </Badge>
  );
}

/** «رو به انقضا»: an active domain within DOMAIN_EXPIRING_DAYS of its expiry (the server says). */
export function ExpiringBadge({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge color="orange" variant="light" c="orange.9" size={size} style={{ flex: 'none' }}>
      رو به انقضا
    </Badge>
  );
}
