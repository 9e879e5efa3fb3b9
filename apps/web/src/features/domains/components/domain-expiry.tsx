import { Stack, Text } from '@mantine/core';
import type { DomainStatus } from '@vitrin/contracts';
import { JalaliDate } from '../../../ui/jalali-date-time';
import type { UserDomain } from '../api/get-user-domains';
import { domainDaysLeftText } from '../utils/domain-status';

/** What sets the expiry of a name not yet held for the customer. */
const PENDING_EXPIRY: Partial<Record<DomainStatus, string>> = {
  'pending-registration': 'پس از ثبت',
  'pending-transfer': 'پس از انتقال',
  'pending-approval': 'پس از تأیید ثبت‌کننده',
  'needs-attention': 'پس از ثبت',
};

interface DomainExpiryProps {
  domain: Pick<UserDomain, 'expiresAt' | 'daysLeft' | 'expiring' | 'status'>;
  /** Left out where a label beside it already says «انقضا». */
  withLabel?: boolean;
}

/** A domain's expiry as a Jalali date and, under it, the days left: orange when expiring. */
export function DomainExpiry({ domain, withLabel = true }: DomainExpiryProps) {
  if (!domain.expiresAt) {
    const text = PENDING_EXPIRY[domain.status] ?? 'بدون تاریخ انقضا';
    return (
      <Text size="sm" c="dimmed">
        {withLabel ? `انقضا: ${text}` : text}
      </Text>
    );
  }
  const ended = domain.status === 'cancelled' || domain.status === 'deleted';
  const past = domain.daysLeft !== null && domain.daysLeft < 0;
  const color = ended ? 'dimmed' : past ? 'red.8' : domain.expiring ? 'orange.9' : 'dimmed';
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {withLabel && (
          <Text span size="sm" c="dimmed">
            انقضا:{' '}
          </Text>
        )}
        <JalaliDate iso={domain.expiresAt} />
      </Text>
      {domain.daysLeft !== null && !ended && domain.status !== 'transferred-away' && (
        <Text size="sm" fw={color === 'dimmed' ? undefined : 700} c={color}>
          {domainDaysLeftText(domain.daysLeft)}
        </Text>
      )}
    </Stack>
  );
}
