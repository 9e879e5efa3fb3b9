import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { PLAN_LIMIT_KEYS, PLAN_LIMIT_LABELS, type PlanLimitKey } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { FormErrorText } from '../../../console/components/form-error-text';
import { type GroupFeatureDraft, moveItem, rowKey } from '../utils/catalog-form';

const MAX_FEATURES = 40;

const LIMIT_CHOICES = [
  { value: '', label: 'مقدار را هر محصول می‌نویسد' },
  ...PLAN_LIMIT_KEYS.map((key) => ({ value: key, label: `از محدودیت: ${PLAN_LIMIT_LABELS[key]}` })),
];

interface CatalogFeaturesEditorProps {
  rows: GroupFeatureDraft[];
  onChange: (rows: GroupFeatureDraft[]) => void;
  /** The server's error for a key such as `features.2.label`, or `features` for the table. */
  errorOf: (key: string) => string | undefined;
  disabled?: boolean;
}

/**
 * The rows of a group's comparison table, in the order the store shows them: a label each (and,
 * for a row that states a limit, which plan limit its cells are drawn from),
 * moved up or down, removed (with every product's value for it, once saved) or added.
 */
export function CatalogFeaturesEditor({
  rows,
  onChange,
  errorOf,
  disabled,
}: CatalogFeaturesEditorProps) {
  const tableError = errorOf('features');
  return (
    <Stack gap="xs">
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          این گروه هنوز جدول امکانات ندارد.
        </Text>
      )}
      <Stack component="ol" gap="xs" m={0} p={0} aria-label="سطرهای جدول امکانات">
        {rows.map((row, index) => {
          const number = toPersianDigits(index + 1);
          return (
            <Group
              key={row.key}
              component="li"
              align="flex-start"
              gap="xs"
              wrap="nowrap"
              style={{ listStyle: 'none' }}
            >
              <Text size="sm" c="dimmed" mt={8} w={24} ta="center" aria-hidden="true">
                {number}
              </Text>
              <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                <TextInput
                  aria-label={`عنوان سطر ${number}`}
                  placeholder="مثلاً فضای دیسک"
                  value={row.label}
                  maxLength={80}
                  disabled={disabled}
                  onChange={(event) =>
                    onChange(
                      rows.map((item, at) =>
                        at === index ? { ...item, label: event.currentTarget.value } : item,
                      ),
                    )
                  }
                  error={errorOf(`features.${index}.label`) ?? errorOf(`features.${index}.id`)}
                />
                <NativeSelect
                  aria-label={`منبع مقدار سطر ${number}`}
                  size="xs"
                  disabled={disabled}
                  value={row.limitKey ?? ''}
                  data={LIMIT_CHOICES}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    onChange(
                      rows.map((item, at) =>
                        at === index
                          ? { ...item, limitKey: value === '' ? null : (value as PlanLimitKey) }
                          : item,
                      ),
                    );
                  }}
                  error={errorOf(`features.${index}.limitKey`)}
                />
                {!disabled && (
                  <Group gap={4}>
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      disabled={index === 0}
                      onClick={() => onChange(moveItem(rows, index, -1))}
                      aria-label={`بالا بردن سطر ${number}`}
                    >
                      بالا
                    </Button>
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      disabled={index === rows.length - 1}
                      onClick={() => onChange(moveItem(rows, index, 1))}
                      aria-label={`پایین بردن سطر ${number}`}
                    >
                      پایین
                    </Button>
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-xs"
                      onClick={() => onChange(rows.filter((_, at) => at !== index))}
                      aria-label={`حذف سطر ${number}`}
                    >
                      حذف
                    </Button>
                  </Group>
                )}
              </Stack>
            </Group>
          );
        })}
      </Stack>
      <FormErrorText message={tableError} />
      {!disabled && (
        <Group>
          <Button
            variant="default"
            size="sm"
            disabled={rows.length >= MAX_FEATURES}
            onClick={() => onChange([...rows, { key: rowKey(), label: '', limitKey: null }])}
          >
            افزودن سطر
          </Button>
        </Group>
      )}
    </Stack>
  );
}
