import { Badge, Button, Group } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import {
  PANEL_SERVERS_PATH,
  PRODUCT_DELIVERY_PATH,
  PROVISIONING_PATH,
} from '../utils/provisioning-paths';

export type ProvisioningTab = 'queue' | 'servers' | 'products';

const TABS: ReadonlyArray<{ key: ProvisioningTab; label: string; to: string }> = [
  { key: 'queue', label: 'صف راه‌اندازی', to: PROVISIONING_PATH },
  { key: 'servers', label: 'سرورهای کنترل پنل', to: PANEL_SERVERS_PATH },
  { key: 'products', label: 'تحویل محصولات', to: PRODUCT_DELIVERY_PATH },
];

interface ProvisioningTabsProps {
  active: ProvisioningTab;
  /** Services waiting for a person, beside the queue's tab; left out while unknown. */
  needsAttention?: number | undefined;
}

/** The section's three pages, as links: the address says which one is open. */
export function ProvisioningTabs({ active, needsAttention }: ProvisioningTabsProps) {
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
          rightSection={
            tab.key === 'queue' && needsAttention ? (
              <Badge
                size="sm"
                circle={needsAttention < 10}
                color={tab.key === active ? 'white' : 'violet'}
                c={tab.key === active ? 'violet.8' : undefined}
                aria-label={`${toPersianDigits(needsAttention)} سرویس نیازمند اقدام`}
              >
                {toPersianDigits(needsAttention)}
              </Badge>
            ) : undefined
          }
        >
          {tab.label}
        </Button>
      ))}
    </Group>
  );
}
