import { Badge, Button, Group } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { useStaffWork } from '../../../console/api/staff-work';
import { useStaffMember } from '../../../console/utils/staff-context';
import {
  DELIVERY_QUEUE_PATH,
  PANEL_SERVERS_PATH,
  PRODUCT_DELIVERY_PATH,
  PROVISIONING_PATH,
} from '../utils/provisioning-paths';

export type ProvisioningTab = 'queue' | 'delivery' | 'servers' | 'products';

const TABS: ReadonlyArray<{ key: ProvisioningTab; label: string; to: string }> = [
  { key: 'queue', label: 'صف راه‌اندازی', to: PROVISIONING_PATH },
  { key: 'delivery', label: 'تحویل دستی', to: DELIVERY_QUEUE_PATH },
  { key: 'servers', label: 'سرورهای کنترل پنل', to: PANEL_SERVERS_PATH },
  { key: 'products', label: 'تحویل محصولات', to: PRODUCT_DELIVERY_PATH },
];

interface ProvisioningTabsProps {
  active: ProvisioningTab;
  /** Services waiting for a person, beside the queue's tab; left out while unknown. */
  needsAttention?: number | undefined;
  /** Deliveries waiting past their product's time, beside the delivery tab. */
  overdueDeliveries?: number | undefined;
}

/** The section's three pages, as links: the address says which one is open. */
export function ProvisioningTabs({ active, needsAttention, ...given }: ProvisioningTabsProps) {
  // Every page of the section shows what waits for delivery, from the console's own counts.
  const { userId } = useStaffMember();
  const work = useStaffWork(userId).data;
  const overdueDeliveries = given.overdueDeliveries ?? work?.overdueDeliveries;
  const counts: Partial<Record<ProvisioningTab, { count: number; color: string; label: string }>> =
    {
      ...(needsAttention
        ? { queue: { count: needsAttention, color: 'violet', label: 'سرویس نیازمند اقدام' } }
        : {}),
      ...(overdueDeliveries
        ? {
            delivery: {
              count: overdueDeliveries,
              color: 'orange',
              label: 'تحویل دیرشده',
            },
          }
        : {}),
    };
  return (
    <Group component="nav" aria-label="بخش‌های راه‌اندازی سرویس‌ها" gap={6} wrap="wrap">
      {TABS.map((tab) => (
        <Button
          key={tab.key}
          component={Link}
          to={tab.to}
          radius="xl"
          size="sm"
          variant={tab.key === active ? 'filled' : 'default'}
          aria-current={tab.key === active ? 'page' : undefined}
          rightSection={<TabCount active={tab.key === active} of={counts[tab.key]} />}
        >
          {tab.label}
        </Button>
      ))}
    </Group>
  );
}

function TabCount({
  active,
  of,
}: {
  active: boolean;
  of: { count: number; color: string; label: string } | undefined;
}) {
  if (!of) return null;
  return (
    <Badge
      size="sm"
      circle={of.count < 10}
      color={active ? 'white' : of.color}
      c={active ? `${of.color}.8` : undefined}
      aria-label={`${toPersianDigits(of.count)} ${of.label}`}
    >
      {toPersianDigits(of.count)}
    </Badge>
  );
}
