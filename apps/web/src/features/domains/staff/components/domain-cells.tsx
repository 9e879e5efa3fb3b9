import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { JalaliDate } from '../../../../ui/jalali-date-time';
import { LatinIsolated } from '../../../../ui/latin-isolated';
import { MobileNumber } from '../../../../ui/mobile-number';
import { domainDaysLeftText, persianNumbers } from '../../utils/domain-status';
import type { StaffDomainRow } from '../api/staff-domains';
import { customerFilePath, staffDomainPath } from '../utils/domains-console-paths';

// The cells the domains list and a domain's page share: the name as the link to its page, the
// owner as the link to their file, the expiry with the days left, and an open renewal.

/**
 * The name as people read it, left to right when it is Latin (isolated, so `sara-blog.com`
 * is never split at its hyphen into the Persian line), with its A-label under an IDN name.
 */
export function DomainNameLink({
  domain,
}: {
  domain: Pick<StaffDomainRow, 'id' | 'name' | 'ascii'>;
}) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Anchor
        component={Link}
        to={staffDomainPath(domain.id)}
        fw={700}
        size="sm"
        style={{ overflowWrap: 'anywhere' }}
      >
        <bdi>{domain.name}</bdi>
      </Anchor>
      {domain.ascii !== domain.name && (
        <Text size="xs" c="dimmed" dir="ltr" ta="right" style={{ overflowWrap: 'anywhere' }}>
          {domain.ascii}
        </Text>
      )}
    </Stack>
  );
}

/** The owner: their name as the link to their file, the mobile under it. */
export function DomainCustomer({ customer }: { customer: StaffDomainRow['customer'] }) {
  // The server falls back to the mobile when the person gave no name.
  const named = customer.name !== customer.mobile;
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={customerFilePath(customer.id)} size="sm">
        {named ? customer.name : <MobileNumber mobile={customer.mobile} />}
      </Anchor>
      {named && (
        <Text size="xs" c="dimmed">
          <MobileNumber mobile={customer.mobile} />
        </Text>
      )}
    </Stack>
  );
}

/** The Jalali expiry and the days left; «ثبت نشده» before the registry has one. */
export function DomainExpiry({
  domain,
}: {
  domain: Pick<StaffDomainRow, 'expiresAt' | 'daysLeft' | 'expiring'>;
}) {
  if (!domain.expiresAt) {
    return (
      <Text size="sm" c="dimmed">
        هنوز ثبت نشده
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm">
        <JalaliDate iso={domain.expiresAt} />
      </Text>
      {domain.daysLeft !== null && (
        <Text size="xs" c={domain.expiring || domain.daysLeft < 0 ? 'orange.8' : 'dimmed'}>
          {domainDaysLeftText(domain.daysLeft)}
        </Text>
      )}
    </Stack>
  );
}

/** A paid renewal (or restore from redemption) the registry has not confirmed, or one waiting for staff. */
export function RenewalBadge({ renewal }: { renewal: StaffDomainRow['renewal'] }) {
  if (!renewal) return null;
  const waiting = renewal.state === 'needs-attention';
  const what = renewal.restore ? 'بازگردانی و تمدید' : 'تمدید';
  return (
    <Badge variant="light" color={waiting ? 'violet' : 'blue'} size="sm" style={{ flex: 'none' }}>
      {`${what} ${toPersianDigits(renewal.years)} ساله ${waiting ? 'منتظر کارشناس' : 'در راه'}`}
    </Badge>
  );
}

/** The staff's note on a domain (why it waits), cut to two lines in a list. */
export function DomainNote({ note, lineClamp }: { note: string | null; lineClamp?: number }) {
  if (!note) {
    return (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Text
      size="xs"
      c="dimmed"
      lineClamp={lineClamp}
      title={lineClamp ? note : undefined}
      style={{ overflowWrap: 'anywhere' }}
    >
      <LatinIsolated text={persianNumbers(note)} />
    </Text>
  );
}

/** The registrar account's name, as written (Latin, isolated). */
export function RegistrarName({ name }: { name: string }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <bdi>{name}</bdi>
    </Text>
  );
}
