import { Button, Skeleton, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PAGES } from '@vitrin/contracts';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PANEL_PATH } from '../../../lib/panel-paths';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { GlobeIcon, SearchIcon } from '../../../ui/icons';
import { LoadFailed } from '../../../ui/load-failed';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { StatusMessage } from '../../../ui/status-message';
import { useUserDomains } from '../api/get-user-domains';
import { DomainCard } from '../components/domain-card';

// Under the list, and shared with the cart (which loads it only for a domain line): its own chunk,
// so the route table (which the home page downloads: its budget) does not name its files.
const DomainHolderCard = lazy(() =>
  import('../components/domain-holder-card').then((m) => ({ default: m.DomainHolderCard })),
);

/** The person's domains (issue 38), newest first, and the holder's details they are held by. */
export function MyDomainsPage() {
  useDocumentTitle('دامنه‌ها | ویترین');
  const userId = useSignedInUserId();
  const domains = useUserDomains(userId);
  const list = domains.data?.domains;

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[{ label: 'پیشخوان', to: PANEL_PATH }, { label: 'دامنه‌ها' }]}
        title="دامنه‌ها"
        description="دامنه‌هایی که از ویترین ثبت یا به آن منتقل کرده‌اید، با وضعیت و تاریخ انقضا."
        actions={
          list && list.length > 0 ? (
            <Button
              component={Link}
              to={PAGES.domains}
              variant="light"
              leftSection={<SearchIcon size={18} />}
            >
              ثبت دامنهٔ تازه
            </Button>
          ) : undefined
        }
      />
      {list ? (
        list.length === 0 ? (
          <StatusMessage
            icon={<GlobeIcon size={32} />}
            title="هنوز دامنه‌ای ندارید"
            description="نام دلخواهتان را جست‌وجو کنید؛ دامنه پس از پرداخت به نام شما ثبت می‌شود و اینجا می‌آید."
          >
            <Button component={Link} to={PAGES.domains} mt="sm">
              جست‌وجوی دامنه
            </Button>
          </StatusMessage>
        ) : (
          <Stack gap="sm" component="ul" m={0} p={0} aria-label="فهرست دامنه‌ها">
            {list.map((domain) => (
              <DomainCard key={domain.id} domain={domain} />
            ))}
          </Stack>
        )
      ) : domains.isError ? (
        <LoadFailed title="دامنه‌های شما بارگذاری نشد" query={domains} />
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label="در حال بارگذاری دامنه‌ها">
          <Skeleton height={96} radius="lg" />
          <Skeleton height={96} radius="lg" />
        </Stack>
      )}
      <Suspense fallback={<Skeleton height={160} radius="lg" />}>
        <DomainHolderCard userId={userId} />
      </Suspense>
    </Stack>
  );
}
