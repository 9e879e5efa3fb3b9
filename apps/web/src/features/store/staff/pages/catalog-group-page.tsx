import {
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showSuccessToast } from '../../../../lib/toast';
import { GridIcon } from '../../../../ui/icons';
import { LoadFailed } from '../../../../ui/load-failed';
import { PageSection } from '../../../../ui/page-section';
import { PanelPageHeader, PanelPageSkeleton } from '../../../../ui/panel-page-header';
import { NotFoundMessage } from '../../../../ui/status-message';
import { ConfirmAction } from '../../../console/components/confirm-action';
import { FormErrorText } from '../../../console/components/form-error-text';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import { useCatalogChange } from '../api/catalog-mutations';
import { type GroupView, useAllCatalogGroups } from '../api/catalog-queries';
import { CatalogFeaturesEditor } from '../components/catalog-features-editor';
import { CatalogSlugInput } from '../components/catalog-slug-input';
import { ImageUpload } from '../components/image-upload';
import { useCatalogDraft } from '../hooks/use-catalog-draft';
import { otherErrorText } from '../utils/catalog-errors';
import { CATALOG_GROUPS_PATH, CATALOG_PATH, groupPath } from '../utils/catalog-filters';
import {
  type GroupDraft,
  groupDraftOf,
  groupFeaturesRequest,
  groupRequest,
  removedFeatureCount,
} from '../utils/catalog-form';

const GROUP_CRUMBS = [
  { label: 'کنسول کارکنان', to: ADMIN_PATH },
  { label: 'فروشگاه', to: CATALOG_PATH },
  { label: 'گروه‌ها', to: CATALOG_GROUPS_PATH },
];

const FIELDS = ['slug', 'name', 'summary', 'iconUrl', 'sortOrder', 'features'];
const isShownField = (field: string) =>
  FIELDS.includes(field) || /^features\.\d+\.(label|id|limitKey)$/.test(field);

export function CatalogNewGroupPage() {
  useDocumentTitle('گروه تازه | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  return (
    <Stack gap="lg" maw={880}>
      <PanelPageHeader
        breadcrumbs={[...GROUP_CRUMBS, { label: 'گروه تازه' }]}
        title="گروه تازه"
        description="گروه با سطرهای جدول امکاناتش ساخته می‌شود؛ محصولات گروه برای هر سطر مقداری می‌گیرند."
      />
      <Card padding="lg">
        <GroupForm userId={userId} group={null} />
      </Card>
    </Stack>
  );
}

/** One group: its fields and its comparison table (the API has no call for one group). */
export function CatalogGroupPage() {
  const { groupId } = useParams();
  const { userId } = useStaffMember();
  const groups = useAllCatalogGroups(userId);
  const group = groups.data?.find((item) => item.id === groupId);
  useDocumentTitle(`${group?.name ?? 'گروه محصول'} | کنسول کارکنان ویترین`);

  if (groups.data && !group) {
    return (
      <NotFoundMessage
        icon={<GridIcon size={32} />}
        title="گروهی با این نشانی پیدا نشد"
        description="شاید نشانی را اشتباه نوشته‌اید."
        back={{ to: CATALOG_GROUPS_PATH, label: 'بازگشت به گروه‌ها' }}
      />
    );
  }
  if (group) {
    return (
      <Stack gap="lg" maw={880}>
        <PanelPageHeader
          breadcrumbs={[...GROUP_CRUMBS, { label: group.name }]}
          title={group.name}
          description={`${toPersianDigits(group.productCount)} محصول در این گروه`}
        />
        <Card padding="lg">
          <GroupForm key={JSON.stringify(group)} userId={userId} group={group} />
        </Card>
      </Stack>
    );
  }
  if (groups.isError) return <LoadFailed titleOrder={1} title="گروه بارگذاری نشد" query={groups} />;
  return (
    <PanelPageSkeleton label="در حال بارگذاری گروه" titleWidth={200}>
      <Skeleton height={320} radius="md" />
    </PanelPageSkeleton>
  );
}

function GroupForm({ userId, group }: { userId: string; group: GroupView | null }) {
  const navigate = useNavigate();
  const create = useCatalogChange(userId, '/api/admin/catalog/create-group');
  const update = useCatalogChange(userId, '/api/admin/catalog/update-group');
  const save = group ? update : create;
  const { draft, set, errorOf, setLocalErrors, textField, valueField } =
    useCatalogDraft<GroupDraft>(() => groupDraftOf(group), save.error);

  /** Runs the call; throws the server's error (for the confirmation dialog). */
  const send = async () => {
    const request = groupRequest(draft);
    if (!request.ok) {
      setLocalErrors(request.errors);
      throw new Error(Object.values(request.errors).join('؛ '));
    }
    if (group) {
      await update.mutateAsync({
        id: group.id,
        ...request.input,
        features: groupFeaturesRequest(draft.features),
      });
      return;
    }
    const created = await create.mutateAsync(request.input);
    showSuccessToast('گروه ساخته شد');
    navigate(groupPath(created.id));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send().then(
      () => group && showSuccessToast('گروه ذخیره شد'),
      () => undefined,
    );
  };

  const removed = removedFeatureCount(group, draft.features);
  const otherError = otherErrorText(save.error, isShownField);

  return (
    <form onSubmit={submit} aria-label="مشخصات گروه" noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="نام" required maxLength={80} {...textField('name')} />
          <CatalogSlugInput {...valueField('slug')} />
        </SimpleGrid>
        <Textarea
          label="خلاصه"
          required
          autosize
          minRows={2}
          maxLength={500}
          {...textField('summary')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <ImageUpload label="نشان گروه" square {...valueField('iconUrl')} />
          <TextInput
            label="ترتیب نمایش"
            description={group ? 'عدد کوچک‌تر زودتر' : 'خالی یعنی پس از همهٔ گروه‌ها'}
            inputMode="numeric"
            dir="ltr"
            {...textField('sortOrder')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
        </SimpleGrid>
        <PageSection title="جدول امکانات" titleId="group-features">
          <Text size="sm" c="dimmed">
            سطرها به همین ترتیب در جدول مقایسهٔ فروشگاه می‌آیند. حذف یک سطر مقدار آن را در همهٔ محصولات
            این گروه هم پاک می‌کند.
          </Text>
          <CatalogFeaturesEditor
            rows={draft.features}
            onChange={(features) => set({ features })}
            errorOf={errorOf}
          />
        </PageSection>
        <FormErrorText message={otherError} />
        <Group>
          {removed > 0 && group && group.productCount > 0 ? (
            <ConfirmAction
              label="ذخیرهٔ گروه"
              title={`حذف ${toPersianDigits(removed)} سطر از جدول «${group.name}»`}
              description={`مقدار این ${toPersianDigits(removed)} سطر در هر ${toPersianDigits(group.productCount)} محصول این گروه پاک می‌شود و در جدول مقایسهٔ فروشگاه دیگر نمی‌آید.`}
              confirmLabel="بله، ذخیره شود"
              variant="filled"
              color="red"
              successMessage="گروه ذخیره شد"
              onConfirm={send}
            />
          ) : (
            <Button type="submit" loading={save.isPending}>
              {group ? 'ذخیرهٔ گروه' : 'ساختن گروه'}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
