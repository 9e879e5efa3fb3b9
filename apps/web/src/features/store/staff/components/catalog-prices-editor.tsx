import { Button, Fieldset, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { BILLING_CYCLE_LABELS, BILLING_CYCLES, type BillingCycle } from '@vitrin/contracts';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../../lib/field-error';
import { showSuccessToast } from '../../../../lib/toast';
import { FormErrorText } from '../../../console/components/form-error-text';
import { useCatalogChange } from '../api/catalog-mutations';
import type { ProductView } from '../api/catalog-queries';
import { otherErrorText } from '../utils/catalog-errors';
import {
  newPriceRow,
  type PriceRowDraft,
  priceDraftsOf,
  pricesRequest,
} from '../utils/catalog-form';

interface CatalogPricesEditorProps {
  userId: string;
  product: ProductView;
  canEdit: boolean;
}

/**
 * The cycles a product is sold for: one row a cycle, with its price and sale price in whole
 * Toman (sent as Rial). Saving replaces every row at once; the server's refusal of a row shows
 * under that row's field, one about the whole list under the list. Rendered with `key` set to
 * the product's last change, so a saved list starts again from what the server kept.
 */
export function CatalogPricesEditor({ userId, product, canEdit }: CatalogPricesEditorProps) {
  const [rows, setRows] = useState<PriceRowDraft[]>(() => priceDraftsOf(product.prices));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const save = useCatalogChange(userId, '/api/admin/catalog/set-product-prices');

  const edit = (next: PriceRowDraft[]) => {
    setRows(next);
    // The errors were about the rows as they were sent: their places may have changed.
    setLocalErrors({});
    save.reset();
  };
  const update = (index: number, changes: Partial<PriceRowDraft>) =>
    edit(rows.map((row, at) => (at === index ? { ...row, ...changes } : row)));

  const errorOf = (key: string) => localErrors[key] ?? fieldError(save.error, key);
  const listError = fieldError(save.error, 'prices');
  const otherError = otherErrorText(
    save.error,
    (field) => field === 'prices' || /^prices\.\d+\.(cycle|price|salePrice)$/.test(field),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = pricesRequest(rows);
    if (!request.ok) {
      setLocalErrors(request.errors);
      return;
    }
    save.mutate(
      { id: product.id, prices: request.prices },
      { onSuccess: () => showSuccessToast('قیمت‌ها ذخیره شد') },
    );
  };

  const added = newPriceRow(rows);

  return (
    <form onSubmit={submit} aria-label="قیمت‌های محصول" noValidate>
      <Stack gap="sm">
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            این محصول هنوز قیمتی ندارد. دست‌کم یک دوره با قیمت لازم است تا منتشر شود.
          </Text>
        )}
        {rows.map((row, index) => (
          <Fieldset
            key={row.key}
            legend={`دورهٔ ${BILLING_CYCLE_LABELS[row.cycle]}`}
            variant="filled"
            disabled={!canEdit}
          >
            <Group align="flex-start" gap="sm" wrap="wrap">
              <NativeSelect
                label="دوره"
                value={row.cycle}
                onChange={(event) =>
                  update(index, { cycle: event.currentTarget.value as BillingCycle })
                }
                data={BILLING_CYCLES.map((cycle) => ({
                  value: cycle,
                  label: BILLING_CYCLE_LABELS[cycle],
                }))}
                error={errorOf(`prices.${index}.cycle`)}
                w={{ base: '100%', xs: 130 }}
              />
              <TextInput
                label="قیمت (تومان)"
                inputMode="numeric"
                dir="ltr"
                value={row.price}
                onChange={(event) => update(index, { price: event.currentTarget.value })}
                error={errorOf(`prices.${index}.price`)}
                w={{ base: '100%', xs: 180 }}
                required
              />
              <TextInput
                label="قیمت حراج (تومان)"
                description="خالی یعنی بی‌حراج"
                inputMode="numeric"
                dir="ltr"
                value={row.salePrice}
                onChange={(event) => update(index, { salePrice: event.currentTarget.value })}
                error={errorOf(`prices.${index}.salePrice`)}
                w={{ base: '100%', xs: 200 }}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
              />
              {canEdit && (
                <Button
                  variant="subtle"
                  color="red"
                  mt={{ base: 0, xs: 25 }}
                  onClick={() => edit(rows.filter((_, at) => at !== index))}
                  aria-label={`حذف دورهٔ ${BILLING_CYCLE_LABELS[row.cycle]}`}
                >
                  حذف
                </Button>
              )}
            </Group>
          </Fieldset>
        ))}
        <FormErrorText message={listError} />
        <FormErrorText message={otherError} />
        {canEdit && (
          <Group gap="sm">
            <Button
              variant="default"
              disabled={added === null}
              onClick={() => added && edit([...rows, added])}
            >
              {added === null ? 'همهٔ دوره‌ها افزوده شده‌اند' : 'افزودن دوره'}
            </Button>
            <Button type="submit" loading={save.isPending}>
              ذخیرهٔ قیمت‌ها
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
