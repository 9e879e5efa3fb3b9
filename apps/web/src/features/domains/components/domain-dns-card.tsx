import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DNS_MAX_RECORDS, TOAST_ERROR } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiRequestError, isRequestFault } from '../../../lib/api-error';
import { showSuccessToast } from '../../../lib/toast';
import { PlusIcon } from '../../../ui/icons';
import { LatinIsolated } from '../../../ui/latin-isolated';
import { LoadFailedLine } from '../../../ui/load-failed';
import { type DomainDns, useDomainDns } from '../api/get-domain-dns';
import { useSaveDomainDns } from '../api/save-domain-dns';
import { useSetDomainNameservers } from '../api/set-domain-nameservers';
import {
  type DnsRow,
  type DnsSaveProblems,
  dnsRowsChanged,
  dnsSaveProblems,
  emptyDnsRow,
  fromDnsRows,
  hostingRowKeys,
  toDnsRows,
} from '../utils/dns-records';
import { DnsRecordRow } from './dns-record-row';
import classes from './dns-records.module.css';

/** A host name moves to the next line whole, never split at its hyphen. */
const WHOLE = { display: 'inline-block', maxWidth: '100%', overflowWrap: 'anywhere' } as const;

interface DomainDnsCardProps {
  userId: string;
  domainId: string;
  domainName: string;
  /** Whether the page may set the domain's nameservers (only while its registry holds it). */
  nameserversEditable: boolean;
}

/**
 * «رکوردهای DNS» (issue 38): the domain's zone on the company's nameservers, edited as a whole
 * set and saved at once. Says plainly when the zone does not answer: the demo's DNS server keeps
 * records without serving them, and a domain on other nameservers is not asked about ours.
 */
export function DomainDnsCard({
  userId,
  domainId,
  domainName,
  nameserversEditable,
}: DomainDnsCardProps) {
  const dns = useDomainDns(userId, domainId);

  return (
    <Card component="section" aria-labelledby="domain-dns-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="domain-dns-title">
            رکوردهای DNS
          </Title>
          <Text size="sm" c="dimmed">
            رکوردها می‌گویند نشانی‌های دامنه به کجا بروند: وب‌سایت (A، AAAA، CNAME)، ایمیل (MX)،
            تأییدها (TXT). نام رکورد نسبت به دامنه است: <bdi dir="ltr">@</bdi> برای خود{' '}
            <bdi dir="ltr" style={WHOLE}>
              {domainName}
            </bdi>{' '}
            و <bdi dir="ltr">www</bdi> برای{' '}
            <bdi dir="ltr" style={WHOLE}>
              www.{domainName}
            </bdi>
            .
          </Text>
        </Stack>
        {dns.data ? (
          <>
            {dns.data.server === 'database' && (
              <Alert color="gray" variant="light">
                این سرور رکوردها را نگه می‌دارد ولی به پرسش‌های DNS پاسخ نمی‌دهد (نسخهٔ نمایشی).
              </Alert>
            )}
            {!dns.data.onOurNameservers && (
              <NotOnOurNameservers
                userId={userId}
                domainId={domainId}
                nameservers={dns.data.nameservers}
                editable={nameserversEditable}
              />
            )}
            <DnsRecordsEditor userId={userId} domainId={domainId} dns={dns.data} />
          </>
        ) : isRequestFault(dns.error) ? (
          // Not a failure to retry: the server says why this domain has no zone here.
          <Text size="sm" c="dimmed">
            <LatinIsolated text={dns.error.message} />
          </Text>
        ) : dns.isError ? (
          <LoadFailedLine message="رکوردهای DNS بارگذاری نشد." query={dns} />
        ) : (
          <Skeleton height={120} aria-label="در حال بارگذاری رکوردهای DNS" />
        )}
      </Stack>
    </Card>
  );
}

interface NotOnOurNameserversProps {
  userId: string;
  domainId: string;
  nameservers: readonly string[];
  editable: boolean;
}

/** The records take effect only through our nameservers: which they are, and one click to them. */
function NotOnOurNameservers({
  userId,
  domainId,
  nameservers,
  editable,
}: NotOnOurNameserversProps) {
  const setNameservers = useSetDomainNameservers(userId);
  const refusal =
    setNameservers.error instanceof ApiRequestError
      ? setNameservers.error.message
      : setNameservers.error
        ? TOAST_ERROR
        : null;

  const switchToOurs = async () => {
    try {
      await setNameservers.mutateAsync({ id: domainId, nameservers: [...nameservers] });
    } catch {
      return; // Said under the button.
    }
    showSuccessToast('نام‌سرورها در ثبت‌کننده تغییر کرد');
  };

  return (
    <Alert color="orange" variant="light" title="دامنه از نام‌سرورهای ویترین استفاده نمی‌کند">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">این رکوردها فقط وقتی به کار می‌آیند که نام‌سرورهای دامنه این‌ها باشد:</Text>
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {nameservers.map((nameserver) => (
            <Text key={nameserver} component="li" size="sm">
              <bdi dir="ltr">{nameserver}</bdi>
            </Text>
          ))}
        </Stack>
        {editable && (
          <Button
            size="xs"
            variant="light"
            loading={setNameservers.isPending}
            onClick={switchToOurs}
          >
            استفاده از نام‌سرورهای ویترین
          </Button>
        )}
        {refusal && (
          <Text size="sm" c="red.8" role="alert">
            <LatinIsolated text={refusal} />
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

const NO_PROBLEMS: DnsSaveProblems = { rows: {}, whole: null };

function DnsRecordsEditor({
  userId,
  domainId,
  dns,
}: {
  userId: string;
  domainId: string;
  dns: DomainDns;
}) {
  const [draft, setDraft] = useState<DnsRow[] | null>(null);
  const [problems, setProblems] = useState<DnsSaveProblems>(NO_PROBLEMS);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const nextKey = useRef(0);
  const listRef = useRef<HTMLDivElement>(null);
  const save = useSaveDomainDns(userId, domainId);
  const rows = draft ?? toDnsRows(dns.records);
  const changed = draft !== null && dnsRowsChanged(draft, dns.records);
  const savedByKey = new Map(toDnsRows(dns.records).map((row) => [row.key, row]));
  const fromHosting = hostingRowKeys(dns.records, dns.hosting?.records ?? []);
  const full = rows.length >= DNS_MAX_RECORDS;

  // A new row's name box, or the first box the server refused, is where the person goes next.
  useEffect(() => {
    if (focusKey === null) return;
    listRef.current?.querySelector<HTMLInputElement>(`[data-row-key="${focusKey}"] input`)?.focus();
    setFocusKey(null);
  }, [focusKey]);
  useEffect(() => {
    if (problems === NO_PROBLEMS) return;
    listRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problems]);

  const change = (key: string, next: Partial<Omit<DnsRow, 'key'>>) => {
    setDraft(rows.map((row) => (row.key === key ? { ...row, ...next } : row)));
    const rowProblems = problems.rows[key];
    if (rowProblems) {
      // What the person retyped is no longer what the server refused.
      const left = { ...rowProblems };
      for (const field of Object.keys(next) as (keyof typeof next)[]) delete left[field];
      if (next.type !== undefined || next.content !== undefined) delete left.record;
      setProblems({ ...problems, rows: { ...problems.rows, [key]: left } });
    }
  };

  const add = () => {
    nextKey.current += 1;
    const key = `new-${nextKey.current}`;
    setDraft([...rows, emptyDnsRow(key)]);
    setFocusKey(key);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sent = rows;
    try {
      await save.mutateAsync({ id: domainId, records: fromDnsRows(sent) });
    } catch (error) {
      setProblems(
        dnsSaveProblems(
          error,
          sent.map((row) => row.key),
        ),
      );
      return;
    }
    setDraft(null);
    setProblems(NO_PROBLEMS);
    showSuccessToast('رکوردهای DNS ذخیره شد');
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="رکوردهای DNS دامنه">
      <Stack gap="sm">
        {dns.hosting && fromHosting.size > 0 && (
          <Text size="sm" c="dimmed">
            رکوردهای «از هاست» را راه‌اندازی سرویس{' '}
            <LatinIsolated text={`«${dns.hosting.serviceName}»`} /> نوشته است تا دامنه به سرور آن
            برسد. ویرایش یا حذفشان آزاد است؛ رکوردهایی که خودتان می‌نویسید دست نمی‌خورد.
          </Text>
        )}
        <div ref={listRef}>
          {rows.length > 0 ? (
            <Stack gap="xs">
              <div className={`${classes.row} ${classes.head}`} aria-hidden="true">
                <Text size="sm" fw={600} className={classes.name}>
                  نام
                </Text>
                <Text size="sm" fw={600} className={classes.type}>
                  نوع
                </Text>
                <Text size="sm" fw={600} className={classes.ttl}>
                  TTL (ثانیه)
                </Text>
                <Text size="sm" fw={600} className={classes.content}>
                  مقدار
                </Text>
              </div>
              {rows.map((row, index) => {
                const saved = savedByKey.get(row.key);
                const unchanged =
                  saved !== undefined &&
                  saved.name === row.name &&
                  saved.type === row.type &&
                  saved.content === row.content;
                return (
                  <DnsRecordRow
                    key={row.key}
                    row={row}
                    index={index}
                    fromHosting={unchanged && fromHosting.has(row.key)}
                    errors={problems.rows[row.key]}
                    withHint={!saved || saved.type !== row.type || saved.content !== row.content}
                    onChange={(next) => change(row.key, next)}
                    onRemove={() => setDraft(rows.filter((other) => other.key !== row.key))}
                  />
                );
              })}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              این دامنه هنوز رکوردی ندارد.
            </Text>
          )}
        </div>
        {problems.whole && (
          <Text size="sm" c="red.8" role="alert">
            <LatinIsolated text={problems.whole} />
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            ذخیره
          </Button>
          <Button
            variant="subtle"
            leftSection={<PlusIcon size={18} />}
            onClick={add}
            disabled={full}
          >
            افزودن رکورد
          </Button>
          {draft !== null && (
            <Button
              variant="default"
              onClick={() => {
                setDraft(null);
                setProblems(NO_PROBLEMS);
                save.reset();
              }}
              disabled={save.isPending}
            >
              انصراف
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {toPersianDigits(rows.length)} رکورد از حداکثر {toPersianDigits(DNS_MAX_RECORDS)}
        </Text>
      </Stack>
    </form>
  );
}
