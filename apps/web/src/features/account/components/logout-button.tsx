import { Button, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { appSession } from '../../../lib/app-session';
import { LogoutIcon } from '../../../ui/icons';

/** Spec §4 logout: revokes the token, clears identity and red dots, reloads at the root. */
export function LogoutButton(props: Omit<ButtonProps, 'onClick' | 'loading'>) {
  const [leaving, setLeaving] = useState(false);

  const logout = async () => {
    setLeaving(true);
    try {
      // The page goes away with the reload.
      await appSession.logout();
    } catch {
      setLeaving(false);
    }
  };

  return (
    <Button
      variant="default"
      color="red"
      leftSection={<LogoutIcon size={18} />}
      {...props}
      onClick={logout}
      loading={leaving}
    >
      خروج از حساب
    </Button>
  );
}
