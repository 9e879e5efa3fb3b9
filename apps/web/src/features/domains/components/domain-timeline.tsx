import { Button, Text, Timeline } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { useState } from 'react';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import { LatinIsolated } from '../../../ui/latin-isolated';
import type { UserDomainDetail } from '../api/get-user-domain';
import { persianNumbers } from '../utils/domain-status';

/** Shown before «نمایش همه»: enough to see what happened lately. */
const TIMELINE_PREVIEW = 5;

/** What happened to the domain at its registry and here, newest first (as the server orders it). */
export function DomainTimeline({ events }: { events: UserDomainDetail['timeline'] }) {
  const [showAll, setShowAll] = useState(false);
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        هنوز رویدادی برای این دامنه ثبت نشده است.
      </Text>
    );
  }
  const shown = showAll ? events : events.slice(0, TIMELINE_PREVIEW);

  return (
    <>
      <Timeline bulletSize={14} lineWidth={2} active={0} color="brand">
        {shown.map((event) => (
          <Timeline.Item key={event.id}>
            <Text size="sm">
              <LatinIsolated text={persianNumbers(event.message)} />
            </Text>
            <Text size="xs" c="dimmed" mt={2}>
              <JalaliDateTime iso={event.createdAt} />
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
