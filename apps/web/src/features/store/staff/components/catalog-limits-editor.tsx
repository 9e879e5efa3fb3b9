import { Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { PLAN_LIMIT_KEYS, PLAN_LIMIT_LABELS, type PlanLimitKey } from '@vitrin/contracts';
import type { LimitDraft, LimitMode, LimitsDraft } from '../utils/catalog-form';

const MODES: { value: LimitMode; label: string }[] = [
  { value: 'none', label: 'ندارد' },
  { value: 'unlimited', label: 'نامحدود' },
  { value: 'value', label: 'محدود به' },
];

interface CatalogLimitsEditorProps {
  limits: LimitsDraft;
  onChange: (limits: LimitsDraft) => void;
  errorOf: (field: string) => string | undefined;
}

/**
 * The plan's limits (issue 35): the store's limit rows, the package the hosting panel gets and
 * the customer's usage bars all read them, so each is set here once. A limit the plan does not
 * have is «ندارد»; sizes are in megabytes (۱۰۲۴ a gigabyte).
 */
export function CatalogLimitsEditor({ limits, onChange, errorOf }: CatalogLimitsEditorProps) {
  const edit = (key: PlanLimitKey, changes: Partial<LimitDraft>) =>
    onChange({ ...limits, [key]: { ...limits[key], ...changes } });
  return (
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={500} size="sm" p={0}>
        محدودیت‌های پلن
      </Text>
      <Text size="xs" c="dimmed">
        سطرهای محدودیتِ جدول امکانات، بستهٔ کنترل پنل و نمودار مصرف مشتری از همین‌جا خوانده می‌شوند.
        اندازه‌ها به مگابایت‌اند (هر گیگابایت ۱۰۲۴ مگابایت).
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs">
        {PLAN_LIMIT_KEYS.map((key) => {
          const row = limits[key];
          const label = PLAN_LIMIT_LABELS[key];
          return (
            <Group key={key} gap="xs" align="flex-start" wrap="nowrap">
              <NativeSelect
                label={label}
                size="xs"
                style={{ flex: 1, minWidth: 0 }}
                value={row.mode}
                data={MODES}
                onChange={(event) => edit(key, { mode: event.currentTarget.value as LimitMode })}
              />
              <TextInput
                label="مقدار"
                aria-label={`مقدار ${label}`}
                size="xs"
                w={110}
                inputMode="numeric"
                dir="ltr"
                disabled={row.mode !== 'value'}
                value={row.amount}
                onChange={(event) => edit(key, { amount: event.currentTarget.value })}
                error={errorOf(`limits.${key}`)}
              />
            </Group>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
