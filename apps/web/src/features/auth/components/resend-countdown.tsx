import { Button, Text } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { useEffect, useState } from 'react';

interface ResendCountdownProps {
  /** When the server allows another code (ms since the epoch). */
  resendAt: number;
  resending: boolean;
  onResend: () => void;
}

function secondsUntil(instant: number): number {
  return Math.max(0, Math.ceil((instant - Date.now()) / 1000));
}

/** `۰:۵۹`: minutes and zero-padded seconds, in Persian digits. */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return toPersianDigits(`${minutes}:${String(seconds % 60).padStart(2, '0')}`);
}

/** The wait the server set before another code (resendInSeconds), then the way to ask for one. */
export function ResendCountdown({ resendAt, resending, onResend }: ResendCountdownProps) {
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(resendAt));

  useEffect(() => {
    setSecondsLeft(secondsUntil(resendAt));
    const timer = window.setInterval(() => {
      const left = secondsUntil(resendAt);
      setSecondsLeft(left);
      if (left === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [resendAt]);

  if (secondsLeft > 0) {
    return (
      <Text size="sm" c="dimmed">
        ارسال دوباره تا {formatCountdown(secondsLeft)}
      </Text>
    );
  }
  return (
    <Button variant="subtle" size="compact-sm" loading={resending} onClick={onResend}>
      ارسال دوباره کد
    </Button>
  );
}
