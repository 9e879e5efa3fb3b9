import { Badge, Button, Code, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { useId, useState } from 'react';
import type { PanelCall } from '../api/service-timeline';
import { durationText, httpStatusColor, readableBody } from '../utils/timeline-labels';

/**
 * An event's exchanges with the panel, folded under a button: each call's method, address,
 * status and time, with what was sent and what came back. The server has already taken out
 * tokens, passwords and login sessions.
 */
export function PanelCalls({ calls }: { calls: PanelCall[] }) {
  const [opened, setOpened] = useState(false);
  const regionId = useId();
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setOpened((open) => !open)}
          aria-expanded={opened}
          aria-controls={regionId}
        >
          {opened
            ? 'بستن درخواست‌های کنترل پنل'
            : `درخواست‌های کنترل پنل (${toPersianDigits(calls.length)})`}
        </Button>
      </Group>
      <Collapse in={opened} id={regionId}>
        <Stack gap="sm">
          {calls.map((call, index) => (
            // The calls of one event have no id of their own; their order is fixed.
            // biome-ignore lint/suspicious/noArrayIndexKey: the server's list order never changes
            <PanelCallView key={index} call={call} />
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}

function PanelCallView({ call }: { call: PanelCall }) {
  return (
    <Paper withBorder radius="md" p="sm" aria-label={`درخواست ${call.method} ${call.url}`}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap" dir="ltr" justify="flex-start">
          <Badge variant="outline" color="gray" radius="sm">
            {call.method}
          </Badge>
          <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{call.url}</Code>
        </Group>
        <Group gap="sm" wrap="wrap">
          <Badge color={httpStatusColor(call.status)} variant="light">
            {call.status === null ? 'بی‌پاسخ' : `وضعیت ${toPersianDigits(call.status)}`}
          </Badge>
          <Text size="xs" c="dimmed">
            {durationText(call.durationMs)}
          </Text>
          <Text size="xs" c="dimmed">
            {'کار: '}
            <bdi>{call.operation}</bdi>
          </Text>
        </Group>
        {call.error && (
          <Text size="sm" c="red.8" dir="ltr" ta="right" style={{ overflowWrap: 'anywhere' }}>
            {call.error}
          </Text>
        )}
        <Body title="درخواست" body={call.requestBody} />
        <Body title="پاسخ" body={call.responseBody} />
      </Stack>
    </Paper>
  );
}

function Body({ title, body }: { title: string; body: string | null }) {
  return (
    <Stack gap={4}>
      <Text size="xs" fw={700}>
        {title}
      </Text>
      {body === null || body === '' ? (
        <Text size="xs" c="dimmed">
          بدنه‌ای نداشت
        </Text>
      ) : (
        <Code
          block
          dir="ltr"
          aria-label={`بدنهٔ ${title}`}
          style={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            maxHeight: 320,
            overflowY: 'auto',
            textAlign: 'left',
          }}
        >
          {readableBody(body)}
        </Code>
      )}
    </Stack>
  );
}
