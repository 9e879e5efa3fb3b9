import { domainToASCII } from 'node:url';
import { IP_ADDRESS_PROBLEMS, readIpAddress } from '@vitrin/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { domainHosts } from './schema';

// A domain's child nameservers (issue 38): `ns1.sara-blog.com` serving `sara-blog.com` cannot be
// found without its address, so the registry publishes that address in the parent zone as glue
// (RFC 5732 host objects; at IRNIC, an address on the domain's nameserver list). Here: how a
// typed host and its addresses are read, and what the domain has on file.

export interface DomainHost {
  /** The A-label form: `ns1.sara-blog.com`. */
  name: string;
  addresses: string[];
}

/** A domain's child nameservers on file, by name. */
export async function domainHostsOf(
  db: Database | Transaction,
  domainId: string,
): Promise<DomainHost[]> {
  return db
    .select({ name: domainHosts.name, addresses: domainHosts.addresses })
    .from(domainHosts)
    .where(eq(domainHosts.domainId, domainId))
    .orderBy(asc(domainHosts.name));
}

/** An LDH label (RFC 1035 §2.3.1): letters, digits and inner hyphens, 63 octets at most. */
const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const NAME_MAX_OCTETS = 253;

export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * The host as typed, a label under the domain (`ns1`) or a whole name, in U- or A-labels, as its
 * A-label name under `domainAscii`; or the Persian reason it cannot be one. `domainName` is the
 * domain as people read it, for the example in the reason.
 */
export function readChildHost(
  typed: string,
  domain: { ascii: string; name: string },
): Read<string> {
  const whole = typed.includes('.') ? typed : `${typed}.${domain.ascii}`;
  const ascii = domainToASCII(whole);
  const suffix = `.${domain.ascii}`;
  if (!ascii?.endsWith(suffix) || ascii.length === suffix.length) {
    return {
      ok: false,
      reason: `نام‌سرور اختصاصی باید زیر همین دامنه باشد؛ مانند ns1.${domain.name}`,
    };
  }
  const labels = ascii.slice(0, -suffix.length).split('.');
  const wrong = labels.some(
    (label) => !LDH_LABEL.test(label) || (label.slice(2, 4) === '--' && !label.startsWith('xn--')),
  );
  if (wrong) {
    return {
      ok: false,
      reason:
        'نام نام‌سرور از حرف لاتین، رقم و خط تیره است و با خط تیره شروع یا تمام نمی‌شود؛ مانند ns1',
    };
  }
  if (ascii.length > NAME_MAX_OCTETS) {
    return { ok: false, reason: 'نام نام‌سرور از ۲۵۳ نویسه بلندتر است' };
  }
  return { ok: true, value: ascii };
}

/**
 * Why an address cannot be glue, or null when it can: one the internet reaches, or at the
 * built-in sandbox registry, whose names exist nowhere, one reserved for examples too.
 */
export function glueAddressProblem(address: string, sandbox: boolean): string | null {
  const read = readIpAddress(address);
  if (!read) return IP_ADDRESS_PROBLEMS.invalid;
  if (read.scope === 'special') {
    return `${IP_ADDRESS_PROBLEMS.special}؛ نشانی عمومی سرور نام را بنویسید`;
  }
  if (read.scope === 'documentation' && !sandbox) {
    return 'این نشانی برای مثال در مستندات رزرو شده است و از اینترنت به آن نمی‌رسند؛ نشانی عمومی سرور نام را بنویسید';
  }
  return null;
}

/**
 * The nameservers being added under the domain itself with no child nameserver on file: the
 * registry cannot delegate to them without glue. By their place in `nameservers`.
 */
export function nameserversWithoutGlue(
  domain: { ascii: string; nameservers: readonly string[] },
  nameservers: readonly string[],
  hosts: readonly DomainHost[],
): number[] {
  return nameservers.flatMap((nameserver, index) =>
    nameserver.endsWith(`.${domain.ascii}`) &&
    !domain.nameservers.includes(nameserver) &&
    !hosts.some((host) => host.name === nameserver)
      ? [index]
      : [],
  );
}
