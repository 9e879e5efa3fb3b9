import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { PLAN_LIMIT_LABELS } from '@vitrin/contracts';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { showSuccessToast } from '../../../../lib/toast';
import { FormErrorText } from '../../../console/components/form-error-text';
import { useCatalogChange } from '../api/catalog-mutations';
import type { GroupView, ProductView } from '../api/catalog-queries';
import { useCatalogDraft } from '../hooks/use-catalog-draft';
import { otherErrorText } from '../utils/catalog-errors';
import { productPath } from '../utils/catalog-filters';
import {
  type ProductDraft,
  productDraftOf,
  productFeatureDraftsOf,
  productRequest,
} from '../utils/catalog-form';
import { CatalogLimitsEditor } from './catalog-limits-editor';
import { CatalogSlugInput } from './catalog-slug-input';
import { ImageUpload } from './image-upload';

interface CatalogProductFormProps {
  userId: string;
  /** Null for a new product. */
  product: ProductView | null;
  groups: readonly GroupView[];
}

const FIELDS = [
  'groupId',
  'slug',
  'name',
  'summary',
  'description',
  'iconUrl',
  'setupFee',
  'needsDomain',
  'needsTheme',
  'isFeatured',
  'vatExempt',
  'taxServiceId',
  'badge',
  'sortOrder',
  'features',
] as const;

/** The fields the form shows a server message under. */
function isShownField(field: string): boolean {
  return (
    (FIELDS as readonly string[]).includes(field) ||
    /^features\.\d+\.value$/.test(field) ||
    /^limits\.\w+$/.test(field)
  );
}

/**
 * A product's fields and the values of its group's comparison table. A new product is made
 * hidden and the page moves to it (its prices and publishing are there); an existing one is
 * saved in place. Each server refusal shows under its field. Rendered with `key` set to the
 * product's last change, so a saved form starts again from what the server kept.
 */
export function CatalogProductForm({ userId, product, groups }: CatalogProductFormProps) {
  const navigate = useNavigate();
  const groupOf = (id: string) => groups.find((group) => group.id === id);
  const create = useCatalogChange(userId, '/api/admin/catalog/create-product');
  const update = useCatalogChange(userId, '/api/admin/catalog/update-product');
  const save = product ? update : create;
  const { draft, set, errorOf, setLocalErrors, textField, valueField, checkboxField } =
    useCatalogDraft<ProductDraft>(
      () => productDraftOf(product, product ? (groupOf(product.group.id)?.features ?? []) : []),
      save.error,
    );

  const chooseGroup = (groupId: string) => {
    const group = groupOf(groupId);
    // The old group's rows mean nothing in the new table: the product's own values come back
    // only when its own group is chosen again.
    set({
      groupId,
      features: productFeatureDraftsOf(
        group?.features ?? [],
        product && product.group.id === groupId ? product.features : [],
      ),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = productRequest(draft);
    if (!request.ok) {
      setLocalErrors(request.errors);
      return;
    }
    if (product) {
      update.mutate(
        { id: product.id, ...request.input },
        { onSuccess: () => showSuccessToast('مشخصات محصول ذخیره شد') },
      );
    } else {
      create.mutate(request.input, {
        onSuccess: (created) => {
          showSuccessToast('محصول ساخته شد؛ حالا قیمت‌هایش را تعیین کنید');
          navigate(productPath(created.id));
        },
      });
    }
  };

  const otherError = otherErrorText(save.error, isShownField);
  const group = groupOf(draft.groupId);

  return (
    <form onSubmit={submit} aria-label="مشخصات محصول" noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <NativeSelect
            label="گروه"
            required
            value={draft.groupId}
            onChange={(event) => chooseGroup(event.currentTarget.value)}
            data={[
              { value: '', label: 'یک گروه انتخاب کنید', disabled: true },
              ...groups.map((item) => ({ value: item.id, label: item.name })),
            ]}
            error={errorOf('groupId')}
          />
          <TextInput label="نام" required maxLength={120} {...textField('name')} />
          <CatalogSlugInput
            description="در نشانی فروشگاه: حروف کوچک لاتین، رقم و خط تیره"
            {...valueField('slug')}
          />
          <TextInput
            label="برچسب روی کارت"
            description="مثلاً «پرفروش»؛ خالی یعنی بی‌برچسب"
            maxLength={40}
            {...textField('badge')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
        </SimpleGrid>
        <TextInput
          label="خلاصه"
          description="یک جمله زیر نام محصول در فروشگاه"
          required
          maxLength={300}
          {...textField('summary')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Textarea
          label="توضیح"
          description="متن ساده؛ بندها را با یک خط خالی جدا کنید"
          autosize
          minRows={3}
          maxRows={12}
          maxLength={5000}
          {...textField('description')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Stack gap={4}>
          <ImageUpload label="نشان محصول" square {...valueField('iconUrl')} />
          {group && group.iconUrl !== draft.iconUrl && (
            <Group>
              <Button variant="subtle" size="xs" onClick={() => set({ iconUrl: group.iconUrl })}>
                {`نشان گروه «${group.name}» را بگذار`}
              </Button>
            </Group>
          )}
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="هزینهٔ راه‌اندازی (تومان)"
            description="یک بار با نخستین خرید؛ خالی یعنی رایگان"
            inputMode="numeric"
            dir="ltr"
            {...textField('setupFee')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <TextInput
            label="ترتیب نمایش"
            description="عدد کوچک‌تر زودتر نشان داده می‌شود"
            inputMode="numeric"
            dir="ltr"
            {...textField('sortOrder')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
        </SimpleGrid>
        <Stack gap="xs">
          <Checkbox
            label="دامنه می‌خواهد (هنگام خرید دامنه پرسیده می‌شود)"
            {...checkboxField('needsDomain')}
          />
          <Checkbox label="قالب می‌خواهد (سایت‌ساز)" {...checkboxField('needsTheme')} />
          <Checkbox
            label="ویژه (در صفحهٔ اول فروشگاه برجسته می‌شود)"
            {...checkboxField('isFeatured')}
          />
          <Checkbox
            label="معاف از مالیات بر ارزش افزوده"
            description="سفارش‌های تازهٔ این محصول بی‌مالیات ثبت می‌شوند و در صورتحساب «معاف» می‌آیند؛ سفارش‌های گذشته همان می‌مانند که بودند."
            {...checkboxField('vatExempt')}
          />
        </Stack>
        <TextInput
          label="شناسهٔ کالا/خدمت (سامانهٔ مودیان)"
          description="سیزده رقم، از فهرست شناسه‌های سازمان امور مالیاتی؛ خالی یعنی شناسهٔ پیش‌فرض سامانهٔ مودیان"
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          maxLength={13}
          maw={360}
          {...textField('taxServiceId')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <CatalogLimitsEditor
          limits={draft.limits}
          onChange={(limits) => set({ limits })}
          errorOf={errorOf}
        />
        <ProductFeaturesTable
          draft={draft}
          limitCells={product?.group.id === draft.groupId ? product.features : []}
          groupName={group?.name}
          onChange={(features) => set({ features })}
          errorOf={errorOf}
        />
        <FormErrorText message={otherError} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {product ? 'ذخیرهٔ مشخصات' : 'ساختن محصول'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ProductFeaturesTableProps {
  draft: ProductDraft;
  /** The saved product's cells: a limit row shows what its limit reads as in the store. */
  limitCells: ProductView['features'];
  groupName: string | undefined;
  onChange: (features: ProductDraft['features']) => void;
  errorOf: (field: string) => string | undefined;
}

/** A value for each row of the group's table: text such as «۲۰ گیگابایت», and whether it has it. */
function ProductFeaturesTable({
  draft,
  limitCells,
  groupName,
  onChange,
  errorOf,
}: ProductFeaturesTableProps) {
  const edit = (index: number, changes: Partial<ProductDraft['features'][number]>) =>
    onChange(draft.features.map((row, at) => (at === index ? { ...row, ...changes } : row)));
  const tableError = errorOf('features');

  return (
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={500} size="sm" p={0}>
        جدول امکانات
      </Text>
      {groupName === undefined ? (
        <Text size="sm" c="dimmed">
          نخست گروه را انتخاب کنید؛ سطرهای جدول امکانات از گروه می‌آید.
        </Text>
      ) : draft.features.length === 0 ? (
        <Text size="sm" c="dimmed">
          {`گروه «${groupName}» جدول امکانات ندارد.`}
        </Text>
      ) : (
        <Table
          verticalSpacing={6}
          horizontalSpacing="xs"
          aria-label={`امکانات در جدول گروه ${groupName}`}
          layout="fixed"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="30%">سطر</Table.Th>
              <Table.Th>مقدار</Table.Th>
              <Table.Th w={72}>دارد</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.features.map((row, index) => (
              <Table.Tr key={row.featureId}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm">{row.label}</Text>
                </Table.Td>
                {row.limitKey ? (
                  <Table.Td colSpan={2}>
                    <Text size="sm">
                      {limitCells.find((cell) => cell.featureId === row.featureId)?.value ?? '—'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {`از محدودیت «${PLAN_LIMIT_LABELS[row.limitKey]}»`}
                    </Text>
                  </Table.Td>
                ) : (
                  <>
                    <Table.Td>
                      <TextInput
                        aria-label={`مقدار ${row.label}`}
                        placeholder="خالی برای بله/خیر"
                        size="xs"
                        maxLength={120}
                        value={row.value}
                        onChange={(event) => edit(index, { value: event.currentTarget.value })}
                        error={errorOf(`features.${index}.value`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={`${row.label} دارد`}
                        checked={row.included}
                        onChange={(event) => edit(index, { included: event.currentTarget.checked })}
                      />
                    </Table.Td>
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <FormErrorText message={tableError} />
    </Stack>
  );
}
