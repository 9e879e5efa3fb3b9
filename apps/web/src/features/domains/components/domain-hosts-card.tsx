import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DOMAIN_HOST_ADDRESSES_MAX, DOMAIN_HOSTS_MAX } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-error';
import { fieldError } from '../../../lib/field-error';
import { showSuccessToast } from '../../../lib/toast';
import { PlusIcon } from '../../../ui/icons';
import { useDeleteDomainHost } from '../api/delete-domain-host';
import type { UserDomainDetail } from '../api/get-user-domain';
import { useSaveDomainHost } from '../api/save-domain-host';
import { addressBoxes, addressField, hostLabel, sentAddresses } from '../utils/domain-hosts';

type DomainHost = UserDomainDetail['hosts'][number];

interface DomainHostsCardProps {
  userId: string;
  domain: UserDomainDetail;
  /** Only a domain its registry holds for us (active, or expired in its grace) is changed. */
  editable: boolean;
}

type Dialog = { kind: 'save'; host: DomainHost | null } | { kind: 'delete'; host: DomainHost };

/**
 * The domain's child nameservers with their glue (issue 38, RFC 5732): `ns1.sara-blog.com`
 * serving `sara-blog.com` is reached through the address its registry publishes. Listed with
 * their addresses, made and changed in a dialog, deleted after a confirmation; the registry
 * answers each before the page says it is done.
 */
export function DomainHostsCard({ userId, domain, editable }: DomainHostsCardProps) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const full = domain.hosts.length >= DOMAIN_HOSTS_MAX;
  const onNameservers = domain.glue === 'on-nameservers';
  if (!editable && domain.hosts.length === 0) return null;

  return (
    <>
      <Card component="section" aria-labelledby="domain-hosts-title">
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
            <Stack gap={2} style={{ flex: '1 1 18rem' }}>
              <Title order={2} size="h4" id="domain-hosts-title">
                نام‌سرورهای اختصاصی (رکورد Glue)
              </Title>
              <Text size="sm" c="dimmed">
                نام‌سروری که زیر خود این دامنه است، مانند{' '}
                <bdi dir="ltr" style={{ display: 'inline-block', overflowWrap: 'anywhere' }}>
                  ns1.{domain.ascii}
                </bdi>
                ، تنها با نشانی IP‌ای پیدا می‌شود که ثبت‌کننده منتشر می‌کند. {intro(domain.glue)}
              </Text>
            </Stack>
            {editable && (
              <Button
                leftSection={<PlusIcon size={18} />}
                onClick={() => setDialog({ kind: 'save', host: null })}
                disabled={full}
              >
                نام‌سرور اختصاصی تازه
              </Button>
            )}
          </Group>
          {editable && full && (
            <Text size="sm" c="dimmed">
              هر دامنه حداکثر {toPersianDigits(DOMAIN_HOSTS_MAX)} نام‌سرور اختصاصی دارد؛ برای نام‌سرور
              تازه، یکی را حذف کنید.
            </Text>
          )}
          {domain.hosts.length === 0 ? (
            <Text size="sm" c="dimmed">
              هنوز نام‌سرور اختصاصی نساخته‌اید.
            </Text>
          ) : (
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {domain.hosts.map((host) => (
                <HostRow
                  key={host.name}
                  host={host}
                  inUse={domain.nameservers.includes(host.name)}
                  waitsForNameservers={onNameservers}
                  editable={editable}
                  onAction={(kind) => setDialog({ kind, host })}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
      {dialog?.kind === 'save' && (
        <HostDialog
          userId={userId}
          domain={domain}
          host={dialog.host}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteHostDialog
          userId={userId}
          domainId={domain.id}
          host={dialog.host}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

function intro(glue: UserDomainDetail['glue']): string {
  const most = toPersianDigits(DOMAIN_HOST_ADDRESSES_MAX[glue]);
  return glue === 'on-nameservers'
    ? `ثبت‌کنندهٔ این دامنه برای هر نام‌سرور ${most} نشانی نگه می‌دارد و آن را همراه نام‌سرورهای دامنه می‌گیرد: نشانی نام‌سروری که هنوز در «نام‌سرورها» نیست، با گذاشتنش در نام‌سرورها فرستاده می‌شود.`
    : `تا ${toPersianDigits(DOMAIN_HOSTS_MAX)} نام‌سرور، هر کدام با ۱ تا ${most} نشانی IPv4 یا IPv6.`;
}

function HostRow({
  host,
  inUse,
  waitsForNameservers,
  editable,
  onAction,
}: {
  host: DomainHost;
  inUse: boolean;
  /** At a registry that takes glue with the nameservers, one not among them waits. */
  waitsForNameservers: boolean;
  editable: boolean;
  onAction: (kind: 'save' | 'delete') => void;
}) {
  return (
    <Stack
      component="li"
      gap={6}
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      aria-label={host.name}
    >
      <Group gap="xs" wrap="wrap">
        <Text fw={700} dir="ltr" style={{ overflowWrap: 'anywhere' }}>
          {host.name}
        </Text>
        {inUse && (
          <Badge variant="light" color="teal">
            نام‌سرور این دامنه
          </Badge>
        )}
      </Group>
      <Group
        gap={6}
        wrap="wrap"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={`نشانی‌های ${host.name}`}
      >
        {host.addresses.map((address) => (
          <li key={address}>
            <Code dir="ltr" fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {address}
            </Code>
          </li>
        ))}
      </Group>
      {waitsForNameservers && !inUse && (
        <Text size="xs" c="dimmed">
          با گذاشتن این نام‌سرور در «نام‌سرورها»، نشانی آن به ثبت‌کننده فرستاده می‌شود.
        </Text>
      )}
      {editable && (
        <Group gap="xs">
          <Button size="compact-sm" variant="light" onClick={() => onAction('save')}>
            ویرایش نشانی‌ها
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => onAction('delete')}
            disabled={inUse}
          >
            حذف
          </Button>
          {inUse && (
            <Text size="xs" c="dimmed">
              برای حذف، نخست آن را از نام‌سرورها بردارید.
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** Makes a child nameserver (`host` null) or gives one new addresses. */
function HostDialog({
  userId,
  domain,
  host,
  onClose,
}: {
  userId: string;
  domain: UserDomainDetail;
  host: DomainHost | null;
  onClose: () => void;
}) {
  const save = useSaveDomainHost(userId);
  const [label, setLabel] = useState(host ? hostLabel(host.name, domain.ascii) : '');
  const [boxes, setBoxes] = useState(() => addressBoxes(host?.addresses ?? []));
  const [boxOf, setBoxOf] = useState<number[]>([]);
  const [missing, setMissing] = useState<'host' | 'addresses' | null>(null);
  const most = DOMAIN_HOST_ADDRESSES_MAX[domain.glue];
  const typedLabel = label.trim().toLowerCase();
  const name = typedLabel.includes('.') ? typedLabel : `${typedLabel || 'ns1'}.${domain.ascii}`;
  const hostMessage =
    missing === 'host' ? 'نام نام‌سرور را بنویسید' : fieldError(save.error, 'host');
  const listMessage =
    (missing === 'addresses' ? 'دست‌کم یک نشانی IP بنویسید' : undefined) ??
    fieldError(save.error, 'addresses') ??
    (save.error instanceof ApiRequestError && !save.error.fields ? save.error.message : undefined);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sent = sentAddresses(boxes);
    if (typedLabel === '') return setMissing('host');
    if (sent.addresses.length === 0) return setMissing('addresses');
    setMissing(null);
    setBoxOf(sent.boxOf);
    try {
      await save.mutateAsync({
        id: domain.id,
        host: host?.name ?? typedLabel,
        addresses: sent.addresses,
      });
    } catch {
      return; // The fields say what is wrong.
    }
    showSuccessToast(`نام‌سرور اختصاصی ${host?.name ?? name} ذخیره شد`);
    onClose();
  };

  return (
    <Modal
      opened
      onClose={save.isPending ? () => undefined : onClose}
      title={host ? 'نشانی‌های نام‌سرور اختصاصی' : 'نام‌سرور اختصاصی تازه'}
      closeButtonProps={{ 'aria-label': 'بستن' }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="نام نام‌سرور"
            description={
              <>
                نام کامل: <bdi dir="ltr">{host?.name ?? name}</bdi>
              </>
            }
            placeholder="ns1"
            dir="ltr"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={253}
            disabled={host !== null}
            value={label}
            onChange={(event) => {
              setLabel(event.currentTarget.value);
              setMissing(null);
            }}
            error={hostMessage}
            data-autofocus={host === null ? true : undefined}
          />
          <Text size="sm" c="dimmed">
            {most === 1
              ? 'نشانی IPv4 یا IPv6 سروری که این نام‌سرور روی آن است.'
              : 'نشانی‌های IPv4 یا IPv6 سروری که این نام‌سرور روی آن است، هر کدام در یک خانه.'}
          </Text>
          {boxes.map((box, index) => {
            const field = addressField(boxOf, index);
            return (
              <TextInput
                // Boxes are only added at the end and never reordered.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                label={most === 1 ? 'نشانی IP' : `نشانی ${toPersianDigits(index + 1)}`}
                placeholder={index === 0 ? '185.51.200.10' : '2a01:4f8::10'}
                dir="ltr"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={64}
                value={box}
                onChange={(event) => {
                  const next = [...boxes];
                  next[index] = event.currentTarget.value;
                  setBoxes(next);
                  setMissing(null);
                }}
                error={field ? fieldError(save.error, field) : undefined}
                data-autofocus={host !== null && index === 0 ? true : undefined}
              />
            );
          })}
          {listMessage && (
            <Text size="sm" c="red.8" role="alert">
              {listMessage}
            </Text>
          )}
          {boxes.length < most && (
            <Button
              variant="subtle"
              leftSection={<PlusIcon size={18} />}
              onClick={() => setBoxes([...boxes, ''])}
              style={{ alignSelf: 'flex-start' }}
            >
              نشانی دیگر
            </Button>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              انصراف
            </Button>
            <Button type="submit" loading={save.isPending}>
              ذخیره در ثبت‌کننده
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteHostDialog({
  userId,
  domainId,
  host,
  onClose,
}: {
  userId: string;
  domainId: string;
  host: DomainHost;
  onClose: () => void;
}) {
  const remove = useDeleteDomainHost(userId);
  const problem =
    remove.error instanceof ApiRequestError
      ? (fieldError(remove.error, 'host') ?? remove.error.message)
      : undefined;
  const confirm = async () => {
    try {
      await remove.mutateAsync({ id: domainId, host: host.name });
    } catch {
      return; // Said in the dialog.
    }
    showSuccessToast(`نام‌سرور اختصاصی ${host.name} حذف شد`);
    onClose();
  };
  return (
    <Modal
      opened
      onClose={remove.isPending ? () => undefined : onClose}
      title="حذف نام‌سرور اختصاصی"
      closeButtonProps={{ 'aria-label': 'بستن' }}
    >
      <Stack gap="md">
        <Text size="sm">
          نام‌سرور <bdi dir="ltr">{host.name}</bdi> و نشانی‌هایش از ثبت‌کننده پاک می‌شود. اگر دامنهٔ
          دیگری هنوز آن را نام‌سرور خود کرده باشد، ثبت‌کننده حذف را نمی‌پذیرد.
        </Text>
        {problem && (
          <Text size="sm" c="red.8" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            انصراف
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            حذف نام‌سرور
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
