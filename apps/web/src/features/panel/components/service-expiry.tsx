import { Stack, Text } from '@mantine/core';
import { SERVICE_SETUP_STATUSES, type ServiceStatus } from '@vitrin/contracts';
import { JalaliDate } from '../../../ui/jalali-date-time';
import { daysLeftColor, daysLeftText } from '../utils/days-left';

interface ServiceExpiryProps {
  expiresAt: string | null;
  daysLeft: number | null;
  status: ServiceStatus;
  /** Left out where a label beside it already says «انقضا». */
  withLabel?: boolean;
}

/** A service's expiry date and, under it, the days left: coloured within the warning days. */
export function ServiceExpiry({
  expiresAt,
  daysLeft,
  status,
  withLabel = true,
}: ServiceExpiryProps) {
  if (!expiresAt) {
    return (
      <Text size="sm" c="dimmed">
        {status === 'awaiting-delivery'
          ? withLabel
            ? 'انقضا: یک دوره پس از تحویل'
            : 'یک دوره پس از تحویل'
          : !SERVICE_SETUP_STATUSES.includes(status)
            ? 'بدون تاریخ انقضا'
            : withLabel
              ? 'انقضا: پس از راه‌اندازی'
              : 'پس از راه‌اندازی'}
      </Text>
    );
  }
  const color = daysLeft === null ? 'dimmed' : daysLeftColor(daysLeft, status);
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {withLabel && (
          <Text span size="sm" c="dimmed">
            انقضا:{' '}
          </Text>
        )}
        <JalaliDate iso={expiresAt} />
      </Text>
      {daysLeft !== null && status !== 'cancelled' && (
        <Text size="sm" fw={color === 'dimmed' ? undefined : 700} c={color}>
          {daysLeftText(daysLeft)}
        </Text>
      )}
    </Stack>
  );
}
