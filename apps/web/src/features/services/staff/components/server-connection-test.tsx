import { Button, Stack, Text } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { describeApiError } from '../../../../lib/api-error';
import type { PanelServer, PanelServerTest, useTestPanelServer } from '../api/panel-servers';
import { durationText } from '../utils/timeline-labels';

type TestMutation = ReturnType<typeof useTestPanelServer>;

/** «آزمودن اتصال»: asks the server's panel who it is. */
export function ConnectionTestButton({
  server,
  test,
}: {
  server: PanelServer;
  test: TestMutation;
}) {
  return (
    <Button
      variant="default"
      size="compact-sm"
      loading={test.isPending}
      onClick={() => test.mutate(server.id)}
      aria-label={`آزمودن اتصال ${server.name}`}
    >
      آزمودن اتصال
    </Button>
  );
}

/** What the last test said: connected with the panel's version and accounts, or why not. */
export function ConnectionTestResult({ test }: { test: TestMutation }) {
  if (test.isError) {
    return (
      <Text size="sm" c="red.8" role="status">
        {`آزموده نشد: ${describeApiError(test.error)}`}
      </Text>
    );
  }
  if (!test.data) return null;
  return <ResultLine result={test.data} />;
}

function ResultLine({ result }: { result: PanelServerTest }) {
  const took = `در ${durationText(result.durationMs)}`;
  if (result.ok) {
    const parts = [
      'اتصال برقرار است',
      result.version ? `نسخهٔ ${toPersianDigits(result.version)}` : null,
      result.accounts !== null ? `${toPersianDigits(result.accounts)} حساب روی پنل` : null,
      took,
    ].filter(Boolean);
    return (
      <Text size="sm" c="teal.8" role="status">
        {parts.join(' · ')}
      </Text>
    );
  }
  return (
    <Stack gap={2} role="status">
      <Text size="sm" c="red.8">{`اتصال برقرار نشد · ${took}`}</Text>
      <Text size="sm" c="red.8" dir="ltr" ta="right" style={{ overflowWrap: 'anywhere' }}>
        {result.error ?? 'دلیلی گفته نشد'}
      </Text>
    </Stack>
  );
}
