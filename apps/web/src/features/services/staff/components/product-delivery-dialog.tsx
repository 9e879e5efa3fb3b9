import { NativeSelect, Textarea, TextInput } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { ApiRequestError, describeApiError } from '../../../../lib/api-error';
import { showSuccessToast } from '../../../../lib/toast';
import { REASON_MAX_LENGTH } from '../../../console/components/confirm-action';
import { FormDialog } from '../../../console/components/form-dialog';
import {
  type CatalogProduct,
  type ProductDelivery,
  useSaveProductDelivery,
} from '../api/product-delivery';
import { serverFieldError } from '../utils/form-numbers';
import {
  MAX_GRACE_DAYS,
  MAX_TERMINATE_DAYS,
  type ProductDeliveryFormErrors,
  type ProductDeliveryFormValues,
  productDeliveryFormOf,
  productDeliveryRequest,
} from '../utils/product-delivery-form';

interface ProductDeliveryDialogProps {
  staffId: string;
  /** A mapped product to edit; left out, the dialog maps one of `unmapped`. */
  mapping?: ProductDelivery;
  /** The products still delivered by hand, to choose from when mapping a new one. */
  unmapped?: readonly CatalogProduct[];
  /** The server groups there are, to say which the typed group is among. */
  groups: readonly string[];
}

const FIELDS = [
  'productId',
  'groupName',
  'packageName',
  'graceDays',
  'terminateAfterDays',
  'reason',
];

/**
 * Has a product delivered by a server group's panels (admins): which group, which package on
 * the panel, and the days of grace and before removal. New products are chosen from those the
 * catalog has that are still delivered by hand.
 */
export function ProductDeliveryDialog({
  staffId,
  mapping,
  unmapped = [],
  groups,
}: ProductDeliveryDialogProps) {
  const [opened, setOpened] = useState(false);
  const [productId, setProductId] = useState('');
  const [values, setValues] = useState<ProductDeliveryFormValues>(() =>
    productDeliveryFormOf(mapping ?? null),
  );
  const [reason, setReason] = useState('');
  const [localErrors, setLocalErrors] = useState<
    ProductDeliveryFormErrors & { productId?: string }
  >({});
  const save = useSaveProductDelivery(staffId);

  const reset = () => {
    setProductId('');
    setValues(productDeliveryFormOf(mapping ?? null));
    setReason('');
    setLocalErrors({});
    save.reset();
  };
  const close = () => {
    if (save.isPending) return;
    setOpened(false);
    reset();
  };
  const change = (changes: Partial<ProductDeliveryFormValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    setLocalErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = mapping?.productId ?? productId;
    const answer = productDeliveryRequest(values);
    const errors = answer.ok ? {} : answer.errors;
    if (!target) {
      setLocalErrors({ ...errors, productId: 'محصول را انتخاب کنید' });
      return;
    }
    if (!answer.ok) {
      setLocalErrors(answer.errors);
      return;
    }
    const trimmed = reason.trim();
    save.mutate(
      { productId: target, provisioning: answer.settings, reason: trimmed || undefined },
      {
        onSuccess: (saved) => {
          const name = saved.items.find((item) => item.productId === target)?.productName ?? '';
          showSuccessToast(
            `${name} از این پس خودکار روی گروه ${answer.settings.groupName} راه‌اندازی می‌شود`,
          );
          setOpened(false);
          reset();
        },
      },
    );
  };

  const fields = save.error instanceof ApiRequestError ? save.error.fields : undefined;
  const errorOf = (field: string) =>
    (localErrors as Record<string, string | undefined>)[field] ?? serverFieldError(fields, field);
  const otherError =
    save.error && !FIELDS.some((field) => errorOf(field)) ? describeApiError(save.error) : null;
  const typedGroup = values.groupName.trim();
  const groupHint =
    groups.length === 0
      ? 'هنوز سروری ثبت نشده است؛ تا سروری در گروه نباشد، سرویس‌های این محصول به صف راه‌اندازی می‌روند.'
      : `گروه‌های موجود: ${groups.join('، ')}${typedGroup && !groups.includes(typedGroup) ? '. در این گروه هنوز سروری نیست؛ سرویس‌هایش به صف راه‌اندازی می‌روند.' : ''}`;

  return (
    <FormDialog
      openLabel={mapping ? 'ویرایش' : 'وصل کردن محصول'}
      openSize={mapping ? 'compact-sm' : undefined}
      opened={opened}
      onOpen={() => setOpened(true)}
      onClose={close}
      title={mapping ? `تحویل ${mapping.productName}` : 'تحویل خودکار یک محصول'}
      formLabel={mapping ? 'ویرایش روش تحویل محصول' : 'وصل کردن محصول به گروه سرور'}
      onSubmit={submit}
      current={
        mapping
          ? {
              label: 'اکنون: ',
              value: `گروه ${mapping.groupName}، بستهٔ ${mapping.packageName}`,
            }
          : { label: 'اکنون: ', value: 'تحویل دستی' }
      }
      otherError={otherError}
      pending={save.isPending}
      submitLabel="ذخیرهٔ روش تحویل"
    >
      {!mapping && (
        <NativeSelect
          label="محصول"
          description={
            unmapped.length === 0
              ? 'همهٔ محصولات به گروهی وصل‌اند.'
              : 'محصولاتی که اکنون دستی تحویل می‌شوند.'
          }
          required
          value={productId}
          onChange={(event) => {
            setProductId(event.currentTarget.value);
            setLocalErrors({});
          }}
          error={errorOf('productId')}
          data={[
            { value: '', label: 'انتخاب محصول…' },
            ...unmapped.map((product) => ({
              value: product.id,
              label: `${product.name} (${product.group.name})`,
            })),
          ]}
          data-autofocus
        />
      )}
      <TextInput
        label="گروه سرور"
        description={groupHint}
        required
        autoComplete="off"
        value={values.groupName}
        onChange={(event) => change({ groupName: event.currentTarget.value })}
        error={errorOf('groupName')}
      />
      <TextInput
        label="بسته روی کنترل پنل"
        description="نام بسته (پکیج) همان‌طور که روی پنل تعریف شده است، مثل starter."
        required
        dir="ltr"
        autoComplete="off"
        value={values.packageName}
        onChange={(event) => change({ packageName: event.currentTarget.value })}
        error={errorOf('packageName')}
      />
      <TextInput
        label="روزهای ارفاق"
        description={`پس از انقضا، سرویس این‌قدر روز کار می‌کند و سپس معلق می‌شود (۰ تا ${toPersianDigits(MAX_GRACE_DAYS)}).`}
        required
        inputMode="numeric"
        autoComplete="off"
        value={values.graceDays}
        onChange={(event) => change({ graceDays: event.currentTarget.value })}
        error={errorOf('graceDays')}
      />
      <TextInput
        label="روزهای پیش از حذف"
        description={`پس از تعلیق، حساب این‌قدر روز می‌ماند و سپس با داده‌هایش حذف می‌شود (۱ تا ${toPersianDigits(MAX_TERMINATE_DAYS)}).`}
        required
        inputMode="numeric"
        autoComplete="off"
        value={values.terminateAfterDays}
        onChange={(event) => change({ terminateAfterDays: event.currentTarget.value })}
        error={errorOf('terminateAfterDays')}
      />
      <Textarea
        label="دلیل"
        description="اختیاری؛ در گزارش کارها می‌ماند."
        rows={2}
        maxLength={REASON_MAX_LENGTH}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={errorOf('reason')}
      />
    </FormDialog>
  );
}
