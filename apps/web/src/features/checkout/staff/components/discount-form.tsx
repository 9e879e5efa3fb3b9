import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiRequestError } from '../../../../lib/api-error';
import { fieldError } from '../../../../lib/field-error';
import { showSuccessToast } from '../../../../lib/toast';
import { saveErrorSummary } from '../../../console/utils/save-error-summary';
import { useStaffMember } from '../../../console/utils/staff-context';
import {
  type DiscountCodeView,
  useDiscountScopeOptions,
  useSaveDiscountCode,
} from '../api/discounts';
import {
  createDiscountRequest,
  type DiscountFormErrors,
  type DiscountFormValues,
  discountFormFromView,
  EMPTY_DISCOUNT_FORM,
  updateDiscountRequest,
} from '../utils/discount-form';
import { DiscountOwnerField } from './discount-owner-field';

const FORM_FIELDS = [
  'code',
  'title',
  'kind',
  'value',
  'maxDiscountRial',
  'minCartRial',
  'startsAt',
  'endsAt',
  'usageLimit',
  'perUserLimit',
  'productIds',
  'groupIds',
  'firstOrderOnly',
  'listed',
  'userId',
  'active',
] as const;
type FormField = (typeof FORM_FIELDS)[number];

const DATE_PLACEHOLDER = '۱۴۰۵/۰۹/۰۱';

/** The form's Toman fields answer to the server's Rial fields. */
const SERVER_FIELD: Partial<Record<keyof DiscountFormValues, FormField>> = {
  maxDiscountToman: 'maxDiscountRial',
  minCartToman: 'minCartRial',
};

interface DiscountFormProps {
  /** The saved code; none for a new one. */
  code?: DiscountCodeView;
  onSaved: (code: DiscountCodeView) => void;
}

/**
 * Every rule of a discount code, as the checkout applies them: a percent (with a cap) or a fixed
 * amount in Toman, a minimum order, the validity window as Jalali text, usage limits in all and
 * per customer, products and groups it covers, first orders only, a personal code. Numbers and
 * blanks are checked here; everything else the server checks, and its errors show under fields.
 */
export function DiscountForm({ code, onSaved }: DiscountFormProps) {
  const { userId } = useStaffMember();
  const save = useSaveDiscountCode(userId);
  const scope = useDiscountScopeOptions(userId);
  const [saved, setSaved] = useState<DiscountFormValues>(() =>
    code ? discountFormFromView(code) : EMPTY_DISCOUNT_FORM,
  );
  const [values, setValues] = useState<DiscountFormValues>(saved);
  const [localErrors, setLocalErrors] = useState<DiscountFormErrors>({});
  // Fields changed since the last answer: their old error no longer describes what is typed.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());

  const set = <K extends keyof DiscountFormValues>(key: K, value: DiscountFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setEdited((current) => new Set(current).add(SERVER_FIELD[key] ?? key));
  };
  const errorOf = (field: FormField) =>
    edited.has(field) ? undefined : (localErrors[field] ?? fieldError(save.error, field));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = code
      ? updateDiscountRequest(code.id, values, saved)
      : createDiscountRequest(values);
    setEdited(new Set());
    if (!checked.ok) {
      save.reset();
      setLocalErrors(checked.errors);
      return;
    }
    setLocalErrors({});
    try {
      const result = await save.mutateAsync(checked.request);
      const next = discountFormFromView(result);
      setSaved(next);
      setValues(next);
      showSuccessToast(code ? 'کد تخفیف ذخیره شد' : 'کد تخفیف ساخته شد');
      onSaved(result);
    } catch {
      // Shown in the form: under the fields, and what is not about a field above the buttons.
    }
  };

  const percent = values.kind === 'percent';
  const localCount = Object.keys(localErrors).length;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={code ? 'ویرایش کد تخفیف' : 'کد تخفیف تازه'}>
      <Stack gap="lg">
        <FormCard title="کد و عنوان">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="کد"
              description={
                code
                  ? 'متن کد پس از ساخت تغییر نمی‌کند؛ سفارش‌ها همین متن را نگه می‌دارند.'
                  : 'حروف بزرگ لاتین، رقم، خط تیره و زیرخط؛ ۳ تا ۳۲ نویسه. حروف کوچک بزرگ می‌شوند.'
              }
              required
              dir="ltr"
              maxLength={40}
              value={values.code}
              onChange={(event) => set('code', event.currentTarget.value.toUpperCase())}
              readOnly={code !== undefined}
              disabled={code !== undefined}
              error={errorOf('code')}
              styles={{ input: { fontFamily: 'monospace', letterSpacing: 1 } }}
            />
            <TextInput
              label="عنوان"
              description="برای کارکنان، و در پنل مشتری اگر کد نمایش داده شود."
              required
              maxLength={120}
              value={values.title}
              onChange={(event) => set('title', event.currentTarget.value)}
              error={errorOf('title')}
            />
          </SimpleGrid>
        </FormCard>

        <FormCard title="میزان تخفیف">
          <Radio.Group
            label="نوع تخفیف"
            value={values.kind}
            onChange={(kind) => set('kind', kind as DiscountFormValues['kind'])}
            error={errorOf('kind')}
          >
            <Group gap="lg" mt={6}>
              <Radio value="percent" label="درصدی" />
              <Radio value="fixed" label="مبلغ ثابت (تومان)" />
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: percent ? 3 : 2 }} spacing="md">
            <TextInput
              label={percent ? 'درصد تخفیف' : 'مبلغ تخفیف (تومان)'}
              description={percent ? 'از ۱ تا ۱۰۰' : 'تومان کامل'}
              required
              inputMode="numeric"
              maxLength={20}
              rightSection={<Text size="sm">{percent ? '٪' : 'تومان'}</Text>}
              rightSectionWidth={percent ? 36 : 56}
              value={values.value}
              onChange={(event) => set('value', event.currentTarget.value)}
              error={errorOf('value')}
            />
            {percent && (
              <TextInput
                label="سقف تخفیف (تومان)"
                description="خالی: بی‌سقف"
                inputMode="numeric"
                maxLength={20}
                value={values.maxDiscountToman}
                onChange={(event) => set('maxDiscountToman', event.currentTarget.value)}
                error={errorOf('maxDiscountRial')}
              />
            )}
            <TextInput
              label="کمینهٔ مبلغ سفارش (تومان)"
              description="خالی: هر مبلغی"
              inputMode="numeric"
              maxLength={20}
              value={values.minCartToman}
              onChange={(event) => set('minCartToman', event.currentTarget.value)}
              error={errorOf('minCartRial')}
            />
          </SimpleGrid>
        </FormCard>

        <FormCard title="بازهٔ اعتبار">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="آغاز اعتبار"
              description="شمسی یا ISO؛ از آغاز این روز. خالی: از همین حالا"
              placeholder={DATE_PLACEHOLDER}
              maxLength={64}
              value={values.startsAt}
              onChange={(event) => set('startsAt', event.currentTarget.value)}
              error={errorOf('startsAt')}
            />
            <TextInput
              label="پایان اعتبار"
              description="از آغاز این روز دیگر پذیرفته نمی‌شود. خالی: بی‌پایان"
              placeholder={DATE_PLACEHOLDER}
              maxLength={64}
              value={values.endsAt}
              onChange={(event) => set('endsAt', event.currentTarget.value)}
              error={errorOf('endsAt')}
            />
          </SimpleGrid>
        </FormCard>

        <FormCard title="ظرفیت">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="ظرفیت کل (بار)"
              description={
                code
                  ? `خالی: بی‌سقف. تا کنون ${toPersianDigits(code.usedCount)} بار به کار رفته است.`
                  : 'خالی: بی‌سقف'
              }
              inputMode="numeric"
              maxLength={12}
              value={values.usageLimit}
              onChange={(event) => set('usageLimit', event.currentTarget.value)}
              error={errorOf('usageLimit')}
            />
            <TextInput
              label="ظرفیت هر مشتری (بار)"
              description="خالی: بی‌سقف"
              inputMode="numeric"
              maxLength={12}
              value={values.perUserLimit}
              onChange={(event) => set('perUserLimit', event.currentTarget.value)}
              error={errorOf('perUserLimit')}
            />
          </SimpleGrid>
        </FormCard>

        <FormCard title="چه کسی و برای چه">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <MultiSelect
              label="فقط این محصولات"
              description={
                scope.data?.truncated
                  ? 'خالی: همهٔ محصولات. فقط هزار محصول نخست در این فهرست است.'
                  : 'خالی: همهٔ محصولات'
              }
              placeholder={scope.isPending ? 'در حال بارگذاری…' : 'انتخاب محصول'}
              searchable
              clearable
              data={withUnknown(scope.data?.products, values.productIds)}
              value={values.productIds}
              onChange={(ids) => set('productIds', ids)}
              error={
                errorOf('productIds') ?? (scope.isError ? 'فهرست محصولات بارگذاری نشد' : undefined)
              }
              nothingFoundMessage="محصولی پیدا نشد"
              comboboxProps={{ withinPortal: true }}
            />
            <MultiSelect
              label="فقط محصولات این گروه‌ها"
              description="خالی: همهٔ گروه‌ها"
              placeholder={scope.isPending ? 'در حال بارگذاری…' : 'انتخاب گروه'}
              searchable
              clearable
              data={withUnknown(scope.data?.groups, values.groupIds)}
              value={values.groupIds}
              onChange={(ids) => set('groupIds', ids)}
              error={
                errorOf('groupIds') ?? (scope.isError ? 'فهرست گروه‌ها بارگذاری نشد' : undefined)
              }
              nothingFoundMessage="گروهی پیدا نشد"
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <DiscountOwnerField
            value={values.userId}
            initialOwner={code?.user ?? null}
            onChange={(id) => set('userId', id)}
            error={errorOf('userId')}
          />
          <Stack gap="sm">
            <Checkbox
              label="فقط برای نخستین سفارش مشتری"
              checked={values.firstOrderOnly}
              onChange={(event) => set('firstOrderOnly', event.currentTarget.checked)}
              error={errorOf('firstOrderOnly')}
            />
            <Checkbox
              label="نمایش در صفحهٔ تخفیف‌های پنل همهٔ مشتریان"
              checked={values.listed}
              onChange={(event) => set('listed', event.currentTarget.checked)}
              error={errorOf('listed')}
            />
            {!code && (
              <Checkbox
                label="فعال باشد (از آغاز اعتبار پذیرفته شود)"
                checked={values.active}
                onChange={(event) => set('active', event.currentTarget.checked)}
                error={errorOf('active')}
              />
            )}
          </Stack>
        </FormCard>

        {(save.error !== null || localCount > 0) && (
          <Alert color="red" variant="light" role="alert">
            {localCount > 0
              ? 'ذخیره نشد؛ خطای هر فیلد زیر همان فیلد آمده است.'
              : save.error instanceof ApiRequestError
                ? saveErrorSummary(save.error, FORM_FIELDS)
                : 'ذخیره نشد؛ دوباره تلاش کنید.'}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {code ? 'ذخیرهٔ تغییرات' : 'ساخت کد'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FormCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card padding="lg">
      <Stack gap="md">
        <Title order={2} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The options, plus any chosen id they lack (a product since removed, or the options still
 * loading), so every chosen one shows and can be taken off.
 */
function withUnknown(
  options: { value: string; label: string }[] | undefined,
  chosen: readonly string[],
) {
  const known = new Set((options ?? []).map((option) => option.value));
  return [
    ...(options ?? []),
    ...chosen
      .filter((id) => !known.has(id))
      .map((id) => ({ value: id, label: options ? `ناشناخته (${id.slice(0, 8)})` : '…' })),
  ];
}
