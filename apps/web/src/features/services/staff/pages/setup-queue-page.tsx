import { Badge, Group, Stack, Switch } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { useFilterParams } from '../../../../lib/use-filter-params';
import { ServerIcon } from '../../../../ui/icons';
import { AdminListBody } from '../../../console/components/admin-list-body';
import { useNow } from '../../../console/hooks/use-now';
import { useStaffMember } from '../../../console/utils/staff-context';
import { SETUP_QUEUE_PAGE_SIZE, useSetupQueue } from '../api/setup-queue';
import { ProvisioningHeader, SECTION_LABEL } from '../components/provisioning-header';
import { ProvisioningTabs } from '../components/provisioning-tabs';
import { SetupQueueList } from '../components/setup-queue-list';
import { setupQueueFilterCodec } from '../utils/setup-queue-filters';

/**
 * The failed-setup queue (issue 20, admins): every paid service that should be active and is
 * not, those a job gave up on ("needs attention") first, then those still being worked on.
 */
export function SetupQueuePage() {
  useDocumentTitle(`${SECTION_LABEL} | کنسول کارکنان ویترین`);
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(setupQueueFilterCodec);
  const queue = useSetupQueue(userId, filters);
  const now = useNow();
  const needsAttention = queue.data?.needsAttention;

  return (
    <Stack gap="lg">
      <ProvisioningHeader
        description="سرویس‌های پرداخت‌شده‌ای که هنوز روی کنترل پنل ساخته نشده‌اند. آن‌هایی که دیگر خودکار پیش نمی‌روند «نیازمند اقدام» و اول فهرست‌اند؛ رویدادهایشان را باز کنید، دوباره بفرستید یا دستی انجام دهید."
        badge={
          needsAttention ? (
            <Badge color="violet" variant="light">
              {`${toPersianDigits(needsAttention)} نیازمند اقدام`}
            </Badge>
          ) : undefined
        }
      />
      <ProvisioningTabs active="queue" needsAttention={needsAttention} />
      <Group gap="sm">
        <Switch
          label="فقط نیازمند اقدام"
          checked={filters.onlyNeedsAttention}
          onChange={(event) => setFilters({ onlyNeedsAttention: event.currentTarget.checked })}
        />
      </Group>
      <AdminListBody
        query={queue}
        icon={<ServerIcon size={32} />}
        empty={{
          title: 'همهٔ سرویس‌ها راه‌اندازی شده‌اند',
          description: 'سرویس تازه‌ای که پرداخت شود و هنوز روی کنترل پنل نباشد این‌جا می‌آید.',
          color: 'teal',
        }}
        noMatch={{
          when: filters.onlyNeedsAttention || filters.page > 1,
          title: filters.onlyNeedsAttention
            ? 'سرویسی منتظر اقدام شما نیست'
            : 'این صفحه سرویسی ندارد',
          description: filters.onlyNeedsAttention
            ? 'سرویس‌هایی که هنوز خودکار راه‌اندازی می‌شوند در فهرست کامل‌اند.'
            : 'صف کوتاه‌تر شده است؛ از صفحهٔ اول ببینید.',
          resetLabel: 'نمایش همهٔ صف',
          onReset: () => setFilters({ onlyNeedsAttention: false }),
        }}
        countNoun="سرویس"
        page={filters.page}
        pageSize={SETUP_QUEUE_PAGE_SIZE}
        onPage={(page) => setFilters({ page })}
        failedTitle="صف راه‌اندازی بارگذاری نشد"
        loadingLabel="در حال بارگذاری صف راه‌اندازی"
      >
        {(items) => <SetupQueueList items={items} now={now} />}
      </AdminListBody>
    </Stack>
  );
}
