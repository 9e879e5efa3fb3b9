import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  Progress,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../lib/field-error';
import { PASSWORD_POLICY_TEXT, usePasswordStrength } from '../../../lib/password-strength';
import { showSuccessToast } from '../../../lib/toast';
import { useUserInfo } from '../../../lib/user-info';
import { PlusIcon } from '../../../ui/icons';
import { LoadFailedLine } from '../../../ui/load-failed';
import { PasswordStrengthMeter } from '../../../ui/password-strength-meter';
import {
  type MailboxView,
  type ServiceMail,
  useMailboxChange,
  useMailboxes,
} from '../api/mailboxes';
import { usageMeter } from '../utils/account-usage';
import { MailDnsRecords } from './mail-dns-records';

const MB_PER_GB = 1024;

interface MailboxesCardProps {
  userId: string;
  serviceId: string;
  /** Only an active service's mailboxes are managed; nothing is asked otherwise. */
  active: boolean;
}

type Dialog =
  | { kind: 'create' }
  | { kind: 'password'; mailbox: MailboxView }
  | { kind: 'quota'; mailbox: MailboxView }
  | { kind: 'delete'; mailbox: MailboxView };

/**
 * A business e-mail service's mailboxes (issue 35 item 3): each with what it holds of its quota,
 * and the owner makes, re-passwords, resizes and deletes them within the plan's limits. Then the
 * DNS records the domain needs. Nothing for a service that is not business e-mail.
 */
export function MailboxesCard({ userId, serviceId, active }: MailboxesCardProps) {
  const query = useMailboxes(userId, serviceId, active);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  if (!active) return null;
  if (query.isPending) return <Skeleton height={220} radius="lg" />;
  if (query.isError) {
    return <LoadFailedLine message="صندوق‌های ایمیل بارگذاری نشد." query={query} quiet />;
  }
  const mail = query.data.email;
  if (!mail) return null;
  const mailboxes = mail.mailboxes ?? [];
  const max = mail.limits.mailboxes;
  const full = max !== null && mailboxes.length >= max;
  const close = () => setDialog(null);

  return (
    <>
      <Card component="section" aria-labelledby="mailboxes-title">
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Stack gap={2}>
              <Title order={2} size="h4" id="mailboxes-title">
                صندوق‌های ایمیل
              </Title>
              <Text size="sm" c="dimmed">
                {max === null
                  ? `${toPersianDigits(mailboxes.length)} صندوق روی `
                  : `${toPersianDigits(mailboxes.length)} از ${toPersianDigits(max)} صندوق پلن، روی `}
                <Address text={mail.domain} />
              </Text>
            </Stack>
            <Button
              leftSection={<PlusIcon size={18} />}
              onClick={() => setDialog({ kind: 'create' })}
              disabled={full || mail.mailboxes === null}
            >
              صندوق تازه
            </Button>
          </Group>
          {full && (
            <Text size="sm" c="dimmed">
              همهٔ صندوق‌های این پلن ساخته شده‌اند؛ برای صندوق بیشتر، یکی را حذف یا پلن را ارتقا دهید.
            </Text>
          )}
          {mail.problem && (
            <Alert color="orange" variant="light">
              {mail.problem}
            </Alert>
          )}
          {mail.mailboxes !== null && mailboxes.length === 0 && (
            <Text size="sm" c="dimmed">
              هنوز صندوقی نساخته‌اید. با «صندوق تازه» اولین نشانی ایمیل دامنه‌تان را بسازید.
            </Text>
          )}
          {mailboxes.length > 0 && (
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {mailboxes.map((mailbox) => (
                <MailboxRow
                  key={mailbox.localPart}
                  mailbox={mailbox}
                  onAction={(kind) => setDialog({ kind, mailbox })}
                />
              ))}
            </Stack>
          )}
          <MailDnsRecords records={mail.dnsRecords} managed={mail.dnsManaged} />
        </Stack>
      </Card>
      {dialog?.kind === 'create' && (
        <CreateMailboxDialog userId={userId} serviceId={serviceId} mail={mail} onClose={close} />
      )}
      {dialog?.kind === 'password' && (
        <PasswordDialog
          userId={userId}
          serviceId={serviceId}
          mailbox={dialog.mailbox}
          onClose={close}
        />
      )}
      {dialog?.kind === 'quota' && (
        <QuotaDialog
          userId={userId}
          serviceId={serviceId}
          mail={mail}
          mailbox={dialog.mailbox}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          userId={userId}
          serviceId={serviceId}
          mailbox={dialog.mailbox}
          onClose={close}
        />
      )}
    </>
  );
}

function MailboxRow({
  mailbox,
  onAction,
}: {
  mailbox: MailboxView;
  onAction: (kind: 'password' | 'quota' | 'delete') => void;
}) {
  const meter = usageMeter(mailbox.usedMb, mailbox.quotaMb);
  return (
    <Stack
      component="li"
      gap={8}
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      aria-label={mailbox.address}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={700} dir="ltr" style={{ overflowWrap: 'anywhere' }}>
          {mailbox.address}
        </Text>
        <Text size="sm" c="dimmed">
          {meter.text}
          {meter.percentText && ` (${meter.percentText})`}
        </Text>
      </Group>
      {meter.percent !== null && (
        <Progress
          size="sm"
          radius="xl"
          value={meter.percent}
          color={meter.color}
          aria-label={`فضای ${mailbox.address}: ${meter.text}`}
        />
      )}
      <Group gap="xs">
        <Button size="compact-sm" variant="light" onClick={() => onAction('password')}>
          گذرواژهٔ تازه
        </Button>
        <Button size="compact-sm" variant="light" onClick={() => onAction('quota')}>
          تغییر سهمیه
        </Button>
        <Button size="compact-sm" variant="subtle" color="red" onClick={() => onAction('delete')}>
          حذف
        </Button>
      </Group>
    </Stack>
  );
}

/** An e-mail address, read left to right as one piece inside Persian text. */
function Address({ text }: { text: string }) {
  return (
    <bdi dir="ltr" style={{ overflowWrap: 'anywhere' }}>
      {text}
    </bdi>
  );
}

/** The largest quota the plan gives one mailbox, in whole GB (100 GB when it sets none). */
function maxQuotaGb(mail: ServiceMail): number {
  return Math.max(1, Math.floor((mail.limits.mailboxQuotaMb ?? 100 * MB_PER_GB) / MB_PER_GB));
}

function quotaHint(mail: ServiceMail): string {
  return mail.limits.mailboxQuotaMb === null
    ? 'به گیگابایت'
    : `به گیگابایت؛ در این پلن حداکثر ${toPersianDigits(maxQuotaGb(mail))} گیگابایت برای هر صندوق`;
}

function QuotaField({
  mail,
  value,
  onChange,
  error,
}: {
  mail: ServiceMail;
  value: number;
  onChange: (value: number) => void;
  error: string | undefined;
}) {
  return (
    <Select
      label="سهمیهٔ فضا"
      description={quotaHint(mail)}
      data={quotaChoices(mail).map((gb) => ({
        value: String(gb),
        label: `${toPersianDigits(gb)} گیگابایت`,
      }))}
      value={String(value)}
      onChange={(next) => next && onChange(Number(next))}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      error={error}
    />
  );
}

/** Whole gigabytes up to the plan's largest quota: each one when few, else round steps. */
function quotaChoices(mail: ServiceMail): number[] {
  const max = maxQuotaGb(mail);
  if (max <= 30) return Array.from({ length: max }, (_, index) => index + 1);
  const steps = [1, 2, 5, 10, 15, 20, 25, 30, 40, 50, 75, 100].filter((gb) => gb < max);
  return [...steps, max];
}

/** The choice nearest below (or at) a quota in MB. */
function nearestChoice(mail: ServiceMail, quotaMb: number | null): number {
  const choices = quotaChoices(mail);
  const wanted = quotaMb === null ? maxQuotaGb(mail) : quotaMb / MB_PER_GB;
  return choices.filter((gb) => gb <= wanted).at(-1) ?? choices[0] ?? 1;
}

function useMailboxPassword(userId: string, password: string, address: string) {
  const user = useUserInfo(userId).data;
  return usePasswordStrength(password, {
    mobile: user?.mobileNumber ?? '',
    firstName: user?.firstName,
    lastName: user?.lastName,
    // The address is what an attacker would try first.
    email: address,
  });
}

function CreateMailboxDialog({
  userId,
  serviceId,
  mail,
  onClose,
}: {
  userId: string;
  serviceId: string;
  mail: ServiceMail;
  onClose: () => void;
}) {
  const create = useMailboxChange(userId, '/api/user/services/create-mailbox');
  const [localPart, setLocalPart] = useState('');
  const [password, setPassword] = useState('');
  const [quotaGb, setQuotaGb] = useState(nearestChoice(mail, 2 * MB_PER_GB));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [missingName, setMissingName] = useState(false);
  const address = `${localPart.trim().toLowerCase() || 'name'}@${mail.domain}`;
  const strength = useMailboxPassword(userId, password, address);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (localPart.trim() === '') {
      setMissingName(true);
      return;
    }
    const reason = await strength.refusal(password);
    setRefusal(reason);
    if (reason) return;
    try {
      await create.mutateAsync({
        serviceId,
        localPart: localPart.trim().toLowerCase(),
        password,
        quotaMb: quotaGb * MB_PER_GB,
      });
    } catch {
      return;
    }
    showSuccessToast(`صندوق ${address} ساخته شد`);
    onClose();
  };

  return (
    <Modal opened onClose={create.isPending ? () => undefined : onClose} title="صندوق ایمیل تازه">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="نام صندوق"
            description={
              <>
                نشانی: <Address text={address} />
              </>
            }
            autoComplete="off"
            // A Latin name, typed from the left as it reads.
            styles={{ input: { direction: 'ltr', textAlign: 'left' } }}
            value={localPart}
            onChange={(event) => {
              setLocalPart(event.currentTarget.value);
              setMissingName(false);
            }}
            error={
              missingName
                ? 'نام صندوق را بنویسید'
                : fieldError(create.error, 'localPart', ['CONFLICT'])
            }
            data-autofocus
          />
          <Stack gap={6}>
            <PasswordInput
              label="گذرواژه"
              description={PASSWORD_POLICY_TEXT}
              autoComplete="new-password"
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setRefusal(null);
              }}
              error={refusal ?? fieldError(create.error, 'password')}
            />
            <PasswordStrengthMeter
              strength={strength.strength}
              measuring={strength.measuring}
              hideWarning={refusal !== null}
            />
          </Stack>
          <QuotaField
            mail={mail}
            value={quotaGb}
            onChange={setQuotaGb}
            error={fieldError(create.error, 'quotaMb')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              انصراف
            </Button>
            <Button type="submit" loading={create.isPending}>
              ساختن صندوق
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function PasswordDialog({
  userId,
  serviceId,
  mailbox,
  onClose,
}: {
  userId: string;
  serviceId: string;
  mailbox: MailboxView;
  onClose: () => void;
}) {
  const reset = useMailboxChange(userId, '/api/user/services/reset-mailbox-password');
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const strength = useMailboxPassword(userId, password, mailbox.address);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = await strength.refusal(password);
    setRefusal(reason);
    if (reason) return;
    try {
      await reset.mutateAsync({ serviceId, localPart: mailbox.localPart, password });
    } catch {
      return;
    }
    showSuccessToast('گذرواژهٔ صندوق تازه شد');
    onClose();
  };

  return (
    <Modal opened onClose={reset.isPending ? () => undefined : onClose} title="گذرواژهٔ تازه">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            گذرواژهٔ تازه برای <Address text={mailbox.address} />. برنامه‌های ایمیلی که با گذرواژهٔ
            قبلی وصل‌اند، گذرواژهٔ تازه را می‌خواهند.
          </Text>
          <Stack gap={6}>
            <PasswordInput
              label="گذرواژهٔ تازه"
              description={PASSWORD_POLICY_TEXT}
              autoComplete="new-password"
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setRefusal(null);
              }}
              error={refusal ?? fieldError(reset.error, 'password')}
              data-autofocus
            />
            <PasswordStrengthMeter
              strength={strength.strength}
              measuring={strength.measuring}
              hideWarning={refusal !== null}
            />
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={reset.isPending}>
              انصراف
            </Button>
            <Button type="submit" loading={reset.isPending}>
              ثبت گذرواژه
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function QuotaDialog({
  userId,
  serviceId,
  mail,
  mailbox,
  onClose,
}: {
  userId: string;
  serviceId: string;
  mail: ServiceMail;
  mailbox: MailboxView;
  onClose: () => void;
}) {
  const change = useMailboxChange(userId, '/api/user/services/set-mailbox-quota');
  const [quotaGb, setQuotaGb] = useState(nearestChoice(mail, mailbox.quotaMb));

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await change.mutateAsync({
        serviceId,
        localPart: mailbox.localPart,
        quotaMb: quotaGb * MB_PER_GB,
      });
    } catch {
      return;
    }
    showSuccessToast('سهمیهٔ صندوق تغییر کرد');
    onClose();
  };

  return (
    <Modal opened onClose={change.isPending ? () => undefined : onClose} title="تغییر سهمیه">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            فضای <Address text={mailbox.address} />؛ اکنون{' '}
            {usageMeter(mailbox.usedMb, mailbox.quotaMb).text}.
          </Text>
          <QuotaField
            mail={mail}
            value={quotaGb}
            onChange={setQuotaGb}
            error={fieldError(change.error, 'quotaMb')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={change.isPending}>
              انصراف
            </Button>
            <Button type="submit" loading={change.isPending}>
              ثبت سهمیه
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteDialog({
  userId,
  serviceId,
  mailbox,
  onClose,
}: {
  userId: string;
  serviceId: string;
  mailbox: MailboxView;
  onClose: () => void;
}) {
  const remove = useMailboxChange(userId, '/api/user/services/delete-mailbox');
  const confirm = async () => {
    try {
      await remove.mutateAsync({ serviceId, localPart: mailbox.localPart });
    } catch {
      return;
    }
    showSuccessToast(`صندوق ${mailbox.address} حذف شد`);
    onClose();
  };
  return (
    <Modal opened onClose={remove.isPending ? () => undefined : onClose} title="حذف صندوق ایمیل">
      <Stack gap="md">
        <Text size="sm">
          صندوق <Address text={mailbox.address} /> و همهٔ نامه‌های آن برای همیشه پاک می‌شود و نامه‌هایی
          که از این پس به این نشانی برسند، برگشت می‌خورند. این کار برگشت ندارد.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            انصراف
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            حذف صندوق
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
