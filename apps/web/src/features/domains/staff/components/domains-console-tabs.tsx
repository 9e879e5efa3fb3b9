import { Badge, Button, Group } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { DOMAINS_CONSOLE_PATH, REGISTRARS_PATH, TLDS_PATH } from '../utils/domains-console-paths';

export type DomainsConsoleTab = 'domains' | 'tlds' | 'registrars';

const TABS: ReadonlyArray<{ key: DomainsConsoleTab; label: string; to: string }> = [
  { key: 'domains', label: 'دامنه‌ها', to: DOMAINS_CONSOLE_PATH },
  { key: 'tlds', label: 'پسوندها و قیمت‌ها', to: TLDS_PATH },
  { key: 'registrars', label: 'حساب‌های ثبت‌کننده', to: REGISTRARS_PATH },
];

interface DomainsConsoleTabsProps {
  active: DomainsConsoleTab;
  /** Domains waiting for a person, beside the domains' tab; left out while unknown. */
  needsStaff?: number | undefined;
}

/** The section's three pages, as links: the address says which one is open. */
export function DomainsConsoleTabs({ active, needsStaff }: DomainsConsoleTabsProps) {
  return (
    <Group component="nav" aria-label="بخش‌های دامنه‌ها" gap={6} wrap="wrap">
      {TABS.map((tab) => {
        const isActive = tab.key === active;
        const count = tab.key === 'domains' && needsStaff ? needsStaff : 0;
        return (
          <Button
            key={tab.key}
            component={Link}
            to={tab.to}
            radius="xl"
            size="sm"
            variant={isActive ? 'filled' : 'default'}
            aria-current={isActive ? 'page' : undefined}
            rightSection={
              count > 0 ? (
                <Badge
                  size="sm"
                  circle={count < 10}
                  color={isActive ? 'white' : 'violet'}
                  c={isActive ? 'violet.8' : undefined}
                  aria-label={`${toPersianDigits(count)} دامنهٔ نیازمند کارشناس`}
                >
                  {toPersianDigits(count)}
                </Badge>
              ) : null
            }
          >
            {tab.label}
          </Button>
        );
      })}
    </Group>
  );
}
