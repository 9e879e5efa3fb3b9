import { Group, Progress, Stack, Text } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import type { AccountUsage } from '../api/get-service-access';
import { usageMeter } from '../utils/account-usage';

/** Disk and bandwidth against the plan, as bars with the amounts in Persian. */
export function AccountUsageBars({ usage }: { usage: AccountUsage }) {
  return (
    <Stack gap="md">
      <UsageBar label="فضای دیسک" usedMb={usage.diskUsedMb} limitMb={usage.diskLimitMb} />
      <UsageBar
        label="پهنای باند این ماه"
        usedMb={usage.bandwidthUsedMb}
        limitMb={usage.bandwidthLimitMb}
      />
      {usage.sites !== null && (
        <Text size="sm">
          <Text span size="sm" c="dimmed">
            سایت‌ها:{' '}
          </Text>
          {toPersianDigits(usage.sites)}
        </Text>
      )}
    </Stack>
  );
}

function UsageBar({
  label,
  usedMb,
  limitMb,
}: {
  label: string;
  usedMb: number;
  limitMb: number | null;
}) {
  const meter = usageMeter(usedMb, limitMb);
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={700}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {meter.text}
          {meter.percentText && ` (${meter.percentText})`}
        </Text>
      </Group>
      {meter.percent !== null && (
        // The whole bar is the progressbar (its filled part may be 0 wide), read out in Persian.
        <Progress.Root
          size="lg"
          radius="xl"
          role="progressbar"
          aria-label={`${label}: ${meter.text}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(meter.percent)}
          aria-valuetext={meter.percentText ?? undefined}
        >
          <Progress.Section value={meter.percent} color={meter.color} withAria={false} />
        </Progress.Root>
      )}
    </Stack>
  );
}
