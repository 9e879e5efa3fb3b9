import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { FAN_SPEED_BOOST_MS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import type { FanSpeed } from '../utils/live-panel-state';
import { FanGraphic } from './fan-graphic';
import classes from './live-activity-card.module.css';

const MINUTE_MS = 60_000;
const boostMinutes = toPersianDigits(FAN_SPEED_BOOST_MS / MINUTE_MS);

interface LiveActivityCardProps {
  fanSpeed: FanSpeed;
  /** The interaction blink: a visit has just arrived. */
  visitBlink: boolean;
  /** The last visit seen while the page is open. */
  lastVisitAt: string | null;
}

/** How lively the site is now: the fan, its speed in words, and the last visit. */
export function LiveActivityCard({ fanSpeed, visitBlink, lastVisitAt }: LiveActivityCardProps) {
  const fast = fanSpeed === 2;
  return (
    <Paper withBorder radius="lg" p="md" h="100%">
      <Group gap="md" wrap="nowrap" align="center">
        <div className={fast ? `${classes.fan} ${classes.fast}` : classes.fan}>
          <FanGraphic size={64} />
        </div>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700}>فن بازدیدها</Text>
            <Badge
              variant="light"
              color={fast ? 'amber' : 'brand'}
              c={fast ? 'amber.9' : undefined}
            >
              سرعت {toPersianDigits(fanSpeed)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {fast
              ? `بازدید تازه در ${boostMinutes} دقیقهٔ اخیر: فن تند می‌چرخد.`
              : `آرام؛ هر بازدید آن را تا ${boostMinutes} دقیقه تند می‌کند.`}
          </Text>
          <div className={classes.indicator}>
            <span
              className={visitBlink ? `${classes.dot} ${classes.dotOn}` : classes.dot}
              aria-hidden="true"
            />
            <Text size="sm" fw={visitBlink ? 700 : 400}>
              {visitBlink ? (
                'بازدید تازه!'
              ) : lastVisitAt ? (
                <>
                  آخرین بازدید: <JalaliDateTime iso={lastVisitAt} />
                </>
              ) : (
                'از وقتی این صفحه باز است، بازدیدی نرسیده.'
              )}
            </Text>
          </div>
        </Stack>
      </Group>
    </Paper>
  );
}
