import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { CATALOG_GROUPS_PATH, CATALOG_PATH, CATALOG_THEMES_PATH } from '../utils/catalog-filters';

export type CatalogTab = 'products' | 'groups' | 'themes';

const TABS: ReadonlyArray<{ key: CatalogTab; label: string; to: string }> = [
  { key: 'products', label: 'محصولات', to: CATALOG_PATH },
  { key: 'groups', label: 'گروه‌ها', to: CATALOG_GROUPS_PATH },
  { key: 'themes', label: 'قالب‌ها', to: CATALOG_THEMES_PATH },
];

/** The catalog's three lists, as links: the address says which one is open. */
export function CatalogTabs({ active }: { active: CatalogTab }) {
  return (
    <Group component="nav" aria-label="بخش‌های فروشگاه" gap={6} wrap="wrap">
      {TABS.map((tab) => (
        <Button
          key={tab.key}
          component={Link}
          to={tab.to}
          radius="xl"
          size="sm"
          variant={tab.key === active ? 'filled' : 'default'}
          aria-current={tab.key === active ? 'page' : undefined}
        >
          {tab.label}
        </Button>
      ))}
    </Group>
  );
}
