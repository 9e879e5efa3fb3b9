import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { SERVICE_STATUS_LABELS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import type { TimelineEvent } from '../api/service-timeline';
import { EVENT_ACTOR_LABELS } from '../utils/timeline-labels';
import { EventMessage } from './event-message';
import { PanelCalls } from './panel-calls';

/** One step of a service's life: when, by whom, which attempt, what happened, and the calls. */
export function TimelineEventCard({ event }: { event: TimelineEvent }) {
  return (
    <Card component="li" padding="md" withBorder style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={700}>
              <JalaliDateTime iso={event.at} />
            </Text>
            <Badge variant="light" color="gray" size="sm">
              {EVENT_ACTOR_LABELS[event.actor]}
            </Badge>
            {event.attempt !== null && (
              <Badge variant="light" color="blue" size="sm">
                {`تلاش ${toPersianDigits(event.attempt)}`}
              </Badge>
            )}
          </Group>
          {event.toStatus && (
            <Text size="xs" c="dimmed">
              {event.fromStatus
                ? `${SERVICE_STATUS_LABELS[event.fromStatus]} ← ${SERVICE_STATUS_LABELS[event.toStatus]}`
                : SERVICE_STATUS_LABELS[event.toStatus]}
            </Text>
          )}
        </Group>
        <EventMessage message={event.message} />
        {event.calls.length > 0 && <PanelCalls calls={event.calls} />}
      </Stack>
    </Card>
  );
}
