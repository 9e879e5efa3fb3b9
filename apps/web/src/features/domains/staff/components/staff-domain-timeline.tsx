import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { DOMAIN_STATUS_LABELS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { LatinIsolated } from '../../../../ui/latin-isolated';
import { persianNumbers } from '../../utils/domain-status';
import type { StaffDomainEvent } from '../api/staff-domain';
import { DOMAIN_EVENT_ACTOR_LABELS, registryExchangeText } from '../utils/domain-timeline-labels';

/** Every step of the domain, newest first (the server's order), each with its registry exchange. */
export function StaffDomainTimeline({ events }: { events: StaffDomainEvent[] }) {
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        هنوز رویدادی برای این دامنه ثبت نشده است.
      </Text>
    );
  }
  return (
    <Stack component="ol" gap="sm" m={0} p={0} aria-label="رویدادهای دامنه">
      {events.map((event) => (
        <DomainEventCard key={event.id} event={event} />
      ))}
    </Stack>
  );
}

/** One step: when, by whom, which attempt, the move between states, what happened. */
function DomainEventCard({ event }: { event: StaffDomainEvent }) {
  return (
    <Card component="li" padding="md" withBorder style={{ listStyle: 'none' }}>
      <Stack gap={6}>
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={700}>
              <JalaliDateTime iso={event.createdAt} />
            </Text>
            <Badge variant="light" color="gray" size="sm">
              {DOMAIN_EVENT_ACTOR_LABELS[event.actor]}
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
                ? `${DOMAIN_STATUS_LABELS[event.fromStatus]} ← ${DOMAIN_STATUS_LABELS[event.toStatus]}`
                : DOMAIN_STATUS_LABELS[event.toStatus]}
            </Text>
          )}
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <LatinIsolated text={persianNumbers(event.message)} />
        </Text>
        {event.registry && (
          // The registry's words stay as it wrote them, left to right, at the line's start.
          <Group gap="xs" wrap="wrap" aria-label="پاسخ ثبت‌کننده">
            <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              <bdi dir="ltr">{registryExchangeText(event.registry)}</bdi>
            </Text>
            {event.registry.code !== null && (
              <Badge variant="outline" color="gray" size="xs">
                {`کد ${toPersianDigits(event.registry.code)}`}
              </Badge>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
