import { Alert, Text } from '@mantine/core';
import { AlertIcon } from '../../../../ui/icons';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';

/** «حساب قفل است»: why and since when; the owner cannot sign in until it is unlocked. */
export function CustomerLockBanner(props: { lockedAt: string; lockedReason: string | null }) {
  return (
    <Alert
      color="red"
      variant="light"
      title="حساب قفل است"
      icon={<AlertIcon size={20} />}
      role="alert"
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <Text span size="sm" fw={700}>
          {'دلیل: '}
        </Text>
        {props.lockedReason ?? 'ثبت نشده'}
      </Text>
      <Text size="sm" mt={4}>
        {'قفل‌شده در '}
        <JalaliDateTime iso={props.lockedAt} />
        {'. تا قفل باز نشود، صاحب حساب نمی‌تواند وارد شود.'}
      </Text>
    </Alert>
  );
}
