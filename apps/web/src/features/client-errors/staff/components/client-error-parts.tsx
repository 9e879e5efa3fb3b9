import { Badge, Code, SegmentedControl, Stack, Text } from '@mantine/core';
import { CLIENT_ERROR_PERIODS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import {
  type ClientErrorPeriod,
  type ClientErrorPlatform,
  PERIOD_LABELS,
  PLATFORM_LABELS,
} from '../utils/client-error-filters';

// What the list and the group page both show of an error.

/** Text the browser wrote (a message, a path, a frame): left to right inside the Persian page. */
export function LatinCode({ children, title }: { children: string; title?: string }) {
  return (
    <Code
      dir="ltr"
      title={title}
      // A block of its own when it wraps, its lines starting on the left as the browser wrote them.
      style={{
        display: 'inline-block',
        verticalAlign: 'middle',
        maxWidth: '100%',
        overflowWrap: 'anywhere',
        whiteSpace: 'normal',
        textAlign: 'left',
      }}
    >
      {children}
    </Code>
  );
}

/** The error's message as the browser wrote it: a left-to-right line that wraps anywhere. */
export function ErrorMessageText({ message, size = 'sm' }: { message: string; size?: string }) {
  return (
    <Text
      size={size}
      fw={600}
      dir="ltr"
      ta="left"
      style={{ overflowWrap: 'anywhere', fontFamily: 'var(--mantine-font-family-monospace)' }}
    >
      {message}
    </Text>
  );
}

export function PlatformBadge({ platform }: { platform: ClientErrorPlatform }) {
  const android = platform === 'android';
  return (
    // The light badges' own text is too pale on them for axe's contrast rule: a darker shade.
    <Badge variant="light" color={android ? 'blue' : 'gray'} c={android ? 'blue.9' : 'gray.8'}>
      {PLATFORM_LABELS[platform]}
    </Badge>
  );
}

/** «نسخهٔ ۱.۲.۷۱» */
export function releaseText(release: string): string {
  return `نسخهٔ ${toPersianDigits(release)}`;
}

/** The period the reports are counted over, as one choice of three. */
export function PeriodControl({
  value,
  onChange,
}: {
  value: ClientErrorPeriod;
  onChange: (days: ClientErrorPeriod) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="client-error-period">
        بازه
      </Text>
      <SegmentedControl
        aria-labelledby="client-error-period"
        value={String(value)}
        onChange={(next) => onChange(Number(next) as ClientErrorPeriod)}
        data={CLIENT_ERROR_PERIODS.map((days) => ({
          value: String(days),
          label: PERIOD_LABELS[days],
        }))}
      />
    </Stack>
  );
}
