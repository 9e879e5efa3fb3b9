import { Button, Text } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { describeApiError } from '../../../../lib/api-error';
import { tomanText } from '../../../../lib/money';
import type { RegistrarTest, StaffRegistrar, useTestRegistrar } from '../api/registrars';

type TestMutation = ReturnType<typeof useTestRegistrar>;

/** «آزمودن اتصال»: asks the account's registry about a free name and the balance. */
export function RegistrarTestButton({
  registrar,
  test,
}: {
  registrar: StaffRegistrar;
  test: TestMutation;
}) {
  return (
    <Button
      variant="default"
      size="compact-sm"
      loading={test.isPending}
      onClick={() => test.mutate(registrar.id)}
      aria-label={`آزمودن اتصال ${registrar.name}`}
    >
      آزمودن اتصال
    </Button>
  );
}

/** What the last test said: the registry answered (with the balance and how long it took), or why not. */
export function RegistrarTestResult({ test }: { test: TestMutation }) {
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

/** «۱۲۳ میلی‌ثانیه». */
function millisText(millis: number): string {
  return `${toPersianDigits(millis)} میلی‌ثانیه`;
}

function ResultLine({ result }: { result: RegistrarTest }) {
  const parts = [
    result.message,
    result.ok
      ? result.balanceRial !== null
        ? `موجودی: ${tomanText(result.balanceRial)}`
        : 'موجودی گزارش نمی‌شود'
      : null,
    `در ${millisText(result.millis)}`,
  ].filter(Boolean);
  return (
    <Text
      size="sm"
      c={result.ok ? 'teal.8' : 'red.8'}
      role="status"
      style={{ overflowWrap: 'anywhere' }}
    >
      {parts.join(' · ')}
    </Text>
  );
}
