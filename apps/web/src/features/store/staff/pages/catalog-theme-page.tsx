import {
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { hasPermission } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { fieldError } from '../../../../lib/field-error';
import { showSuccessToast } from '../../../../lib/toast';
import { LayoutIcon } from '../../../../ui/icons';
import { LoadFailed, LoadFailedLine } from '../../../../ui/load-failed';
import { PageSection } from '../../../../ui/page-section';
import { PanelPageHeader, PanelPageSkeleton } from '../../../../ui/panel-page-header';
import { NotFoundMessage } from '../../../../ui/status-message';
import { FormErrorText } from '../../../console/components/form-error-text';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import { useCatalogChange } from '../api/catalog-mutations';
import {
  type ThemeCategory,
  type ThemeView,
  useAllCatalogProducts,
  useCatalogTheme,
} from '../api/catalog-queries';
import { CatalogSlugInput } from '../components/catalog-slug-input';
import { CatalogStatusBadge, PublishControl } from '../components/catalog-status';
import { ImageUpload } from '../components/image-upload';
import { useCatalogDraft } from '../hooks/use-catalog-draft';
import { otherErrorText } from '../utils/catalog-errors';
import { CATALOG_PATH, CATALOG_THEMES_PATH, themePath } from '../utils/catalog-filters';
import {
  THEME_PREVIEWS_MAX,
  type ThemeDraft,
  themeDraftOf,
  themeRequest,
} from '../utils/catalog-form';

const THEME_CRUMBS = [
  { label: 'کنسول کارکنان', to: ADMIN_PATH },
  { label: 'فروشگاه', to: CATALOG_PATH },
  { label: 'قالب‌ها', to: CATALOG_THEMES_PATH },
];

const FIELDS = ['slug', 'name', 'category', 'tags', 'previewUrls', 'price', 'productIds'];
const isShownField = (field: string) =>
  FIELDS.includes(field) || /^(previewUrls|tags|productIds)\.\d+$/.test(field);

const MAX_TAGS = 12;

export function CatalogNewThemePage() {
  useDocumentTitle('قالب تازه | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const theme = useCatalogTheme(userId, undefined);
  return (
    <Stack gap="lg" maw={880}>
      <PanelPageHeader
        breadcrumbs={[...THEME_CRUMBS, { label: 'قالب تازه' }]}
        title="قالب تازه"
        description="تصویرهای پیش‌نمایش را بارگذاری کنید؛ قالب منتشرنشده ساخته می‌شود تا آن را منتشر کنید."
      />
      <Card padding="lg">
        {theme.data ? (
          <ThemeForm userId={userId} theme={null} categories={theme.data.categories} />
        ) : theme.isError ? (
          <LoadFailed title="دسته‌های قالب بارگذاری نشد" query={theme} />
        ) : (
          <Skeleton height={320} radius="md" />
        )}
      </Card>
    </Stack>
  );
}

/** One theme: its fields and preview images, and publishing it. */
export function CatalogThemePage() {
  const { themeId } = useParams();
  const { userId, role } = useStaffMember();
  const query = useCatalogTheme(userId, themeId);
  const publish = useCatalogChange(userId, '/api/admin/catalog/set-theme-published');
  const theme = query.data?.theme;
  useDocumentTitle(`${theme?.name ?? 'قالب'} | کنسول کارکنان ویترین`);

  if (query.data && !theme) {
    return (
      <NotFoundMessage
        icon={<LayoutIcon size={32} />}
        title="قالبی با این نشانی پیدا نشد"
        description="شاید نشانی را اشتباه نوشته‌اید."
        back={{ to: CATALOG_THEMES_PATH, label: 'بازگشت به قالب‌ها' }}
      />
    );
  }
  if (query.data && theme) {
    return (
      <Stack gap="lg" maw={880}>
        <PanelPageHeader
          breadcrumbs={[...THEME_CRUMBS, { label: theme.name }]}
          title={theme.name}
          badge={<CatalogStatusBadge status={theme.status} />}
          description={`دستهٔ ${theme.category.name}`}
        />
        <Card padding="lg">
          <PageSection title="انتشار" titleId="theme-publish">
            <PublishControl
              status={theme.status}
              noun="قالب"
              name={theme.name}
              publishedNote="این قالب در فهرست قالب‌های محصولاتش به مشتریان نشان داده می‌شود."
              unpublishNote="مشتریان دیگر این قالب را هنگام خرید سایت‌ساز نمی‌بینند؛ سایت‌هایی که با آن ساخته شده‌اند سر جایشان می‌مانند."
              setPublished={(published) => publish.mutateAsync({ id: theme.id, published })}
              disabled={!hasPermission(role, 'catalog.manage')}
            />
          </PageSection>
        </Card>
        <Card padding="lg">
          <PageSection title="مشخصات" titleId="theme-details">
            <ThemeForm
              key={JSON.stringify(theme)}
              userId={userId}
              theme={theme}
              categories={query.data.categories}
            />
          </PageSection>
        </Card>
      </Stack>
    );
  }
  if (query.isError) return <LoadFailed titleOrder={1} title="قالب بارگذاری نشد" query={query} />;
  return (
    <PanelPageSkeleton label="در حال بارگذاری قالب" titleWidth={200}>
      <Skeleton height={320} radius="md" />
    </PanelPageSkeleton>
  );
}

interface ThemeFormProps {
  userId: string;
  theme: ThemeView | null;
  categories: ThemeCategory[];
}

function previewLabel(index: number): string {
  const which = index === 0 ? ' (دسکتاپ)' : index === 1 ? ' (موبایل)' : '';
  return `تصویر پیش‌نمایش ${toPersianDigits(index + 1)}${which}`;
}

function ThemeForm({ userId, theme, categories }: ThemeFormProps) {
  const navigate = useNavigate();
  const products = useAllCatalogProducts(userId);
  const create = useCatalogChange(userId, '/api/admin/catalog/create-theme');
  const update = useCatalogChange(userId, '/api/admin/catalog/update-theme');
  const save = theme ? update : create;
  const { draft, set, errorOf, setLocalErrors, textField, valueField } =
    useCatalogDraft<ThemeDraft>(() => themeDraftOf(theme), save.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = themeRequest(draft);
    if (!request.ok) {
      setLocalErrors(request.errors);
      return;
    }
    if (theme) {
      update.mutate(
        { id: theme.id, ...request.input },
        { onSuccess: () => showSuccessToast('قالب ذخیره شد') },
      );
    } else {
      create.mutate(request.input, {
        onSuccess: (created) => {
          showSuccessToast('قالب ساخته شد؛ برای نشان دادنش به مشتریان منتشرش کنید');
          navigate(themePath(created.id));
        },
      });
    }
  };

  // Only website builders offer themes; a product the theme is already on stays listed.
  const builders = (products.data ?? []).filter(
    (product) => product.needsTheme || draft.productIds.includes(product.id),
  );
  const previewsError = errorOf('previewUrls');
  const tagsError =
    errorOf('tags') ??
    draft.tags.map((_, index) => fieldError(save.error, `tags.${index}`)).find(Boolean);
  const otherError = otherErrorText(save.error, isShownField);
  const filled = draft.previewUrls.filter((url) => url !== '').length;

  return (
    <form onSubmit={submit} aria-label="مشخصات قالب" noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="نام" required maxLength={80} {...textField('name')} />
          <CatalogSlugInput {...valueField('slug')} />
          <NativeSelect
            label="دسته"
            required
            {...textField('category')}
            data={[
              { value: '', label: 'یک دسته انتخاب کنید', disabled: true },
              ...categories.map((category) => ({ value: category.slug, label: category.name })),
            ]}
          />
          <TagsInput
            label="برچسب‌ها"
            description="با Enter یا ویرگول جدا کنید"
            value={draft.tags}
            onChange={(tags) => set({ tags })}
            maxTags={MAX_TAGS}
            splitChars={[',', '،']}
            error={tagsError}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
        </SimpleGrid>
        <Stack gap="xs">
          <Checkbox
            label="رایگان"
            checked={draft.free}
            onChange={(event) => set({ free: event.currentTarget.checked })}
          />
          {!draft.free && (
            <TextInput
              label="قیمت (تومان)"
              description="یک بار، با خرید سایت‌ساز"
              inputMode="numeric"
              dir="ltr"
              {...textField('price')}
              w={{ base: '100%', xs: 240 }}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          )}
          {draft.free && <FormErrorText message={errorOf('price')} />}
        </Stack>
        <PageSection title="تصویرهای پیش‌نمایش" titleId="theme-previews">
          <Text size="sm" c="dimmed">
            {`نخستین تصویر پیش‌نمایش دسکتاپ است و دومی موبایل؛ دست‌کم یکی و حداکثر ${toPersianDigits(THEME_PREVIEWS_MAX)} تصویر.`}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {draft.previewUrls.map((url, index) => (
              <ImageUpload
                // biome-ignore lint/suspicious/noArrayIndexKey: a slot's place is what it is
                key={index}
                label={previewLabel(index)}
                value={url}
                onChange={(next) =>
                  set({
                    previewUrls: draft.previewUrls.map((item, at) => (at === index ? next : item)),
                  })
                }
                error={errorOf(`previewUrls.${index}`)}
                onRemove={
                  url !== '' || draft.previewUrls.length > 1
                    ? () =>
                        set({
                          previewUrls:
                            draft.previewUrls.length > 1
                              ? draft.previewUrls.filter((_, at) => at !== index)
                              : [''],
                        })
                    : undefined
                }
              />
            ))}
          </SimpleGrid>
          <FormErrorText message={previewsError} />
          {draft.previewUrls.length < THEME_PREVIEWS_MAX && (
            <Group>
              <Button
                variant="default"
                size="sm"
                onClick={() => set({ previewUrls: [...draft.previewUrls, ''] })}
              >
                افزودن جای تصویر
              </Button>
            </Group>
          )}
          <Text size="xs" c="dimmed">{`${toPersianDigits(filled)} تصویر آماده`}</Text>
        </PageSection>
        <PageSection title="محصولاتی که این قالب را دارند" titleId="theme-products">
          {products.data ? (
            builders.length === 0 ? (
              <Text size="sm" c="dimmed">
                هنوز محصول سایت‌سازی (محصولی که قالب می‌خواهد) نیست.
              </Text>
            ) : (
              <Checkbox.Group aria-labelledby="theme-products" {...valueField('productIds')}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt={4}>
                  {builders.map((product) => (
                    <Checkbox key={product.id} value={product.id} label={product.name} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            )
          ) : products.isError ? (
            <LoadFailedLine message="محصولات سایت‌ساز بارگذاری نشد." query={products} />
          ) : (
            <Skeleton height={60} />
          )}
        </PageSection>
        <FormErrorText message={otherError} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {theme ? 'ذخیرهٔ قالب' : 'ساختن قالب'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
