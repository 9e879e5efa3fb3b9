import { Button, Text, Timeline } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { useState } from 'react';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import { LatinIsolated } from '../../../ui/latin-isolated';
import type { ServiceEvent } from '../api/get-service-access';

/** Shown before «نمایش همه»: enough to see what happened lately. */
const TIMELINE_PREVIEW = 4;

/** What happened to the service, newest first (as the server orders it), latest few at first. */
export function ServiceTimeline({ events }: { events: readonly ServiceEvent[] }) {
  const [showAll, setShowAll] = useState(false);
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        هنوز رویدادی برای این سرویس ثبت نشده است.
      </Text>
    );
  }
  const shown = showAll ? events : events.slice(0, TIMELINE_PREVIEW);

  return (
    <>
      <Timeline bulletSize={14} lineWidth={2} active={0} color="brand">
        {shown.map((event) => (
          <Timeline.Item key={event.id}>
            {/* A domain or a server's name in the message wraps whole (e2e/domain-wrap.test.ts). */}
            <Text size="sm">
              <LatinIsolated text={event.message} />
            </Text>
            <Text size="xs" c="dimmed" mt={2}>
              <JalaliDateTime iso={event.at} />
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      {events.length > TIMELINE_PREVIEW && (
        <Button
          variant="subtle"
          size="sm"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => setShowAll((all) => !all)}
          aria-expanded={showAll}
        >
          {showAll ? 'نمایش کمتر' : `نمایش همه (${toPersianDigits(events.length)} رویداد)`}
        </Button>
      )}
    </>
  );
}
