import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { PathResult } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import { useUserRefreshTokens } from '../api/get-user-refresh-tokens';
import { useRevokeUserRefreshToken } from '../api/revoke-user-refresh-token';
import { describeDevice } from '../utils/describe-device';

type Session = PathResult<'/api/jwt/get-user-refresh-tokens'>[number];

/** IPv4 reads as a number, in Persian digits; IPv6 has letters and stays as written. */
function formatAddress(ipAddress: string | null): string {
  if (!ipAddress) return 'نامشخص';
  return /^[\d.]+$/.test(ipAddress) ? toPersianDigits(ipAddress) : ipAddress;
}

export function SessionsList({ userId }: { userId: string }) {
  const sessions = useUserRefreshTokens(userId);
  const revoke = useRevokeUserRefreshToken(userId);

  return (
    <Card>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4">
            نشست‌های فعال
          </Title>
          <Text size="sm" c="dimmed">
            دستگاه‌هایی که با حساب شما وارد شده‌اند. اگر یکی را نمی‌شناسید، نشستش را پایان دهید و رمز
            عبورتان را تغییر دهید.
          </Text>
        </Stack>
        {sessions.isPending && <Loader type="dots" size="sm" aria-label="در حال بارگذاری نشست‌ها" />}
        {sessions.data && (
          <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {sessions.data.map((session, index) => (
              <SessionRow
                key={session.id}
                session={session}
                withDivider={index > 0}
                ending={revoke.isPending && revoke.variables === session.id}
                onEnd={() => revoke.mutate(session.id)}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

interface SessionRowProps {
  session: Session;
  withDivider: boolean;
  ending: boolean;
  onEnd: () => void;
}

function SessionRow({ session, withDivider, ending, onEnd }: SessionRowProps) {
  const device = describeDevice(session.device);
  return (
    <Group
      component="li"
      justify="space-between"
      align="center"
      gap="sm"
      py="sm"
      style={withDivider ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
    >
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
        <Group gap="xs">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {device.isRaw ? <bdi dir="ltr">{device.name}</bdi> : device.name}
          </Text>
          {session.current && (
            <Badge variant="light" size="sm">
              این دستگاه
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          نشانی: <bdi dir="ltr">{formatAddress(session.ipAddress)}</bdi>
        </Text>
        <Text size="sm" c="dimmed">
          ورود: <JalaliDateTime iso={session.createdAt} />
        </Text>
        <Text size="sm" c="dimmed">
          آخرین استفاده: <JalaliDateTime iso={session.lastUsedAt} />
        </Text>
      </Stack>
      {!session.current && (
        <Button variant="light" color="red" size="xs" loading={ending} onClick={onEnd}>
          پایان نشست
        </Button>
      )}
    </Group>
  );
}
