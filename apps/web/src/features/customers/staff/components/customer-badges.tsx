import { Badge } from '@mantine/core';
import type { UserRoleName } from '@vitrin/contracts';

const STAFF_ROLE_LABELS: Record<Exclude<UserRoleName, 'customer'>, string> = {
  admin: 'مدیر',
  support: 'پشتیبان',
};

/** «قفل» on a locked account. */
export function CustomerLockBadge({ lockedAt }: { lockedAt: string | null }) {
  if (lockedAt === null) return null;
  return (
    <Badge color="red" variant="filled" style={{ flex: 'none' }}>
      قفل
    </Badge>
  );
}

/** The role of a staff account found among customers; nothing for a customer. */
export function StaffRoleBadge({ role }: { role: UserRoleName }) {
  if (role === 'customer') return null;
  return (
    <Badge color="violet" variant="light" style={{ flex: 'none' }}>
      {STAFF_ROLE_LABELS[role]}
    </Badge>
  );
}
