import { Anchor, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { fieldError } from '../../../lib/field-error';
import { PROFILE_PATH } from '../../../lib/panel-paths';
import { useUserInfo } from '../../../lib/user-info';
import { useResetPanelPassword } from '../api/reset-panel-password';
import { useRevealPanelPassword } from '../api/reveal-panel-password';
import { CopyableCode } from './copyable-code';

export type PanelPasswordMode = 'reveal' | 'reset';

const TEXT = {
  reveal: {
    title: 'نمایش گذرواژهٔ کنترل پنل',
    intro: 'برای دیدن گذرواژهٔ کنترل پنل، رمز عبور حساب ویترین خود را دوباره وارد کنید.',
    submit: 'نمایش گذرواژه',
    shown: 'گذرواژهٔ کنترل پنل',
    note: 'گذرواژه را جایی امن نگه دارید و به کسی ندهید.',
  },
  reset: {
    title: 'ساختن گذرواژهٔ تازه برای کنترل پنل',
    intro:
      'گذرواژهٔ تازه‌ای برای کنترل پنل ساخته می‌شود و گذرواژهٔ فعلی دیگر کار نمی‌کند؛ اگر جایی (مثل برنامهٔ FTP) از آن استفاده می‌کنید، آنجا هم عوضش کنید. برای ادامه، رمز عبور حساب ویترین خود را وارد کنید.',
    submit: 'ساختن گذرواژهٔ تازه',
    shown: 'گذرواژهٔ تازهٔ کنترل پنل',
    note: 'گذرواژهٔ تازه ثبت شد. آن را همین حالا جایی امن نگه دارید.',
  },
} as const;

interface PanelPasswordDialogProps {
  userId: string;
  serviceId: string;
  mode: PanelPasswordMode;
  opened: boolean;
  onClose: () => void;
}

/**
 * Asks for the person's own Vitrin password, then shows the control panel's (or a new one)
 * with a copy button. The password lives only in this dialog while it is open.
 */
export function PanelPasswordDialog({
  userId,
  serviceId,
  mode,
  opened,
  onClose,
}: PanelPasswordDialogProps) {
  const reveal = useRevealPanelPassword(userId);
  const reset = useResetPanelPassword(userId);
  const mutation = mode === 'reveal' ? reveal : reset;
  const hasPassword = useUserInfo(userId).data?.hasPassword;
  const [ownPassword, setOwnPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [panelPassword, setPanelPassword] = useState<string | null>(null);
  const text = TEXT[mode];

  const close = () => {
    if (mutation.isPending) return;
    setOwnPassword('');
    setMissing(false);
    setPanelPassword(null);
    // The answer held the password: nothing of it stays in the cache.
    reveal.reset();
    reset.reset();
    onClose();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (ownPassword === '') {
      setMissing(true);
      return;
    }
    try {
      const answer = await mutation.mutateAsync({ serviceId, password: ownPassword });
      setPanelPassword(answer.password);
      setOwnPassword('');
      mutation.reset();
    } catch {
      // The server's reason shows under the field (and in the toast).
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={text.title}
      centered
      closeButtonProps={{ 'aria-label': 'بستن' }}
    >
      {panelPassword !== null ? (
        <Stack gap="md">
          <Stack gap={6}>
            <Text size="sm" fw={700}>
              {text.shown}
            </Text>
            <CopyableCode value={panelPassword} label="گذرواژه" grow />
          </Stack>
          <Text size="sm" c="dimmed">
            {text.note}
          </Text>
          <Group justify="flex-end">
            <Button onClick={close}>بستن</Button>
          </Group>
        </Stack>
      ) : hasPassword === false ? (
        <Stack gap="md">
          <Text size="sm">
            حساب شما رمز عبور ندارد و با کد پیامکی وارد می‌شوید. برای دیدن یا تغییر گذرواژهٔ کنترل
            پنل، نخست در{' '}
            <Anchor component={Link} to={PROFILE_PATH} size="sm">
              حساب کاربری
            </Anchor>{' '}
            برای حساب خود رمز عبور بگذارید.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              بستن
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">{text.intro}</Text>
            <PasswordInput
              label="رمز عبور حساب ویترین"
              autoComplete="current-password"
              data-autofocus
              value={ownPassword}
              onChange={(event) => {
                setOwnPassword(event.currentTarget.value);
                setMissing(false);
              }}
              error={
                missing
                  ? 'رمز عبور را وارد کنید'
                  : fieldError(mutation.error, 'password', ['WRONG_CREDENTIALS'])
              }
              visibilityToggleButtonProps={{ 'aria-label': 'نمایش یا پنهان کردن رمز عبور' }}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={mutation.isPending}>
                انصراف
              </Button>
              <Button
                type="submit"
                loading={mutation.isPending}
                color={mode === 'reset' ? 'orange' : undefined}
              >
                {text.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
