import { Alert, Card, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { DOMAIN_STATUS_LABELS } from '@vitrin/contracts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { isNotFoundError } from '../../../lib/api-error';
import { PANEL_PATH } from '../../../lib/panel-paths';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { showSuccessToast } from '../../../lib/toast';
import { GlobeIcon } from '../../../ui/icons';
import { JalaliDate } from '../../../ui/jalali-date-time';
import { LabeledValue } from '../../../ui/labeled-value';
import { LatinIsolated } from '../../../ui/latin-isolated';
import { LoadFailed } from '../../../ui/load-failed';
import { PageSection } from '../../../ui/page-section';
import { PanelPageHeader, PanelPageSkeleton } from '../../../ui/panel-page-header';
import { NotFoundMessage } from '../../../ui/status-message';
import { type UserDomainDetail, useUserDomain } from '../api/get-user-domain';
import { useSetDomainAutoRenew } from '../api/set-domain-auto-renew';
import { DomainDnsCard } from '../components/domain-dns-card';
import { DomainExpiry } from '../components/domain-expiry';
import { DomainHolderChangeCard } from '../components/domain-holder-change-card';
import { DomainHostsCard } from '../components/domain-hosts-card';
import { DomainNameserversForm } from '../components/domain-nameservers-form';
import { DomainRenewalCard } from '../components/domain-renewal-card';
import { DomainRestoreCard } from '../components/domain-restore-card';
import { DomainStatusBadge, ExpiringBadge } from '../components/domain-status-badge';
import { DomainTimeline } from '../components/domain-timeline';
import { DomainTransferCancel } from '../components/domain-transfer-cancel';
import { DomainTransferCard } from '../components/domain-transfer-card';
import { TransferCodeForm } from '../components/transfer-code-form';
import { DOMAINS_PATH } from '../utils/domain-paths';
import { hasDnsZone, isWithRegistry, persianNumbers } from '../utils/domain-status';

const crumbsTo = [
  { label: 'پیشخوان', to: PANEL_PATH },
  { label: 'دامنه‌ها', to: DOMAINS_PATH },
];

/**
 * One of the person's domains (issue 38): its state, expiry, renewal, nameservers, DNS records
 * and history.
 */
export function MyDomainPage() {
  const userId = useSignedInUserId();
  const { domainId = '' } = useParams();
  const domain = useUserDomain(userId, domainId);
  const data = domain.data;
  const notFound = isNotFoundError(domain.error);
  useDocumentTitle(
    data ? `${data.name} | ویترین` : notFound ? 'دامنه پیدا نشد | ویترین' : 'دامنه | ویترین',
  );

  if (data) return <DomainDetails userId={userId} domain={data} />;
  if (notFound) {
    return (
      <NotFoundMessage
        icon={<GlobeIcon size={32} />}
        title="دامنه‌ای با این نشانی پیدا نشد"
        description="شاید نشانی را اشتباه وارد کرده باشید، یا این دامنه از حساب دیگری است."
        back={{ to: DOMAINS_PATH, label: 'رفتن به دامنه‌ها' }}
      />
    );
  }
  if (domain.isError) {
    return <LoadFailed titleOrder={1} title="این دامنه بارگذاری نشد" query={domain} />;
  }
  return (
    <PanelPageSkeleton label="در حال بارگذاری دامنه" titleWidth={280}>
      <Skeleton height={180} radius="lg" />
      <Skeleton height={220} radius="lg" />
    </PanelPageSkeleton>
  );
}

function DomainDetails({ userId, domain }: { userId: string; domain: UserDomainDetail }) {
  // Changed at the registry only while it holds the name for us.
  const held = domain.status === 'active' || domain.status === 'expired';

  return (
    <Stack gap="xl">
      <PanelPageHeader
        breadcrumbs={[...crumbsTo, { label: domain.name }]}
        title={<bdi dir="ltr">{domain.name}</bdi>}
        badge={
          <>
            <DomainStatusBadge status={domain.status} size="lg" />
            {domain.expiring && <ExpiringBadge size="lg" />}
          </>
        }
      />

      {domain.note && (
        <Alert color={domain.status === 'needs-attention' ? 'violet' : 'blue'} variant="light">
          <LatinIsolated text={persianNumbers(domain.note)} />
        </Alert>
      )}
      {domain.expiring && domain.daysLeft !== null && (
        <Alert color="orange" variant="light" title="این دامنه به‌زودی منقضی می‌شود">
          {domain.autoRenew
            ? 'تمدید خودکار روشن است؛ دامنه پیش از انقضا تمدید می‌شود.'
            : 'تمدید خودکار خاموش است. برای اینکه دامنه از دست نرود، تمدید خودکار را روشن کنید.'}
        </Alert>
      )}
      {isWithRegistry(domain.status) && !domain.awaitingTransferCode && (
        <Text size="sm" c="dimmed" role="status">
          {DOMAIN_STATUS_LABELS[domain.status]}: پاسخ ثبت‌کننده معمولاً چند ثانیه تا چند دقیقه طول
          می‌کشد و این صفحه خودش به‌روز می‌شود.
        </Text>
      )}

      {domain.awaitingTransferCode && (
        <TransferCodeForm userId={userId} domainId={domain.id} domainName={domain.name} />
      )}

      {domain.restore && (
        <DomainRestoreCard
          userId={userId}
          domainId={domain.id}
          domainName={domain.name}
          offer={domain.restore}
        />
      )}

      <Card component="section" aria-labelledby="domain-facts-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="domain-facts-title">
            مشخصات دامنه
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <LabeledValue labelWidth="6.5rem" label="وضعیت">
              {DOMAIN_STATUS_LABELS[domain.status]}
            </LabeledValue>
            <LabeledValue labelWidth="6.5rem" label="پسوند">
              <bdi dir="ltr">.{domain.tld}</bdi>
            </LabeledValue>
            <LabeledValue labelWidth="6.5rem" label="ثبت">
              {domain.registeredAt ? <JalaliDate iso={domain.registeredAt} /> : '—'}
            </LabeledValue>
            <LabeledValue labelWidth="6.5rem" label="انقضا">
              <DomainExpiry domain={domain} withLabel={false} />
            </LabeledValue>
            {domain.ascii !== domain.name && (
              <LabeledValue labelWidth="6.5rem" label="نام لاتین">
                <bdi dir="ltr">{domain.ascii}</bdi>
              </LabeledValue>
            )}
          </SimpleGrid>
          <AutoRenewSwitch userId={userId} domain={domain} />
        </Stack>
      </Card>

      {/* Renewed here while the registry holds it; one in redemption is restored (above). */}
      {held && <DomainRenewalCard userId={userId} domainId={domain.id} domainName={domain.name} />}

      {held && domain.holderChange !== 'none' && (
        <DomainHolderChangeCard userId={userId} domain={domain} />
      )}

      {held && (
        <DomainTransferCard userId={userId} domain={domain} hasAuthCode={domain.transferByCode} />
      )}

      <DomainNameserversForm
        // A change the registry took (or the page asked again) starts the boxes afresh.
        key={domain.nameservers.join(' ')}
        userId={userId}
        domainId={domain.id}
        nameservers={domain.nameservers}
        defaultNameservers={domain.defaultNameservers}
        editable={held}
      />

      <DomainHostsCard userId={userId} domain={domain} editable={held} />

      {hasDnsZone(domain.status) && (
        <DomainDnsCard
          userId={userId}
          domainId={domain.id}
          domainName={domain.name}
          nameserversEditable={held}
        />
      )}

      {domain.transferCancel && (
        <DomainTransferCancel
          userId={userId}
          domainId={domain.id}
          domainName={domain.name}
          offer={domain.transferCancel}
        />
      )}

      <PageSection title="رویدادهای دامنه" titleId="domain-timeline-title">
        <DomainTimeline events={domain.timeline} />
      </PageSection>
    </Stack>
  );
}

function AutoRenewSwitch({ userId, domain }: { userId: string; domain: UserDomainDetail }) {
  const setAutoRenew = useSetDomainAutoRenew(userId);
  const ended =
    domain.status === 'deleted' ||
    domain.status === 'transferred-away' ||
    domain.status === 'cancelled';
  // What the person asked for shows at once, and goes back if the server refuses it.
  const [asked, setAsked] = useState<boolean | null>(null);

  return (
    <Switch
      label="تمدید خودکار"
      description="دامنه پیش از انقضا، خودکار تمدید شود."
      checked={asked ?? domain.autoRenew}
      disabled={ended || setAutoRenew.isPending}
      onChange={async (event) => {
        const autoRenew = event.currentTarget.checked;
        setAsked(autoRenew);
        try {
          await setAutoRenew.mutateAsync({ id: domain.id, autoRenew });
        } catch {
          return; // The toast says why.
        } finally {
          setAsked(null);
        }
        showSuccessToast(autoRenew ? 'تمدید خودکار روشن شد' : 'تمدید خودکار خاموش شد');
      }}
    />
  );
}
