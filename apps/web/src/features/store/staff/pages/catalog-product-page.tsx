import { Anchor, Card, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { hasPermission } from '@vitrin/contracts';
import { Link, useParams } from 'react-router';
import { isNotFoundError } from '../../../../lib/api-error';
import { BagIcon } from '../../../../ui/icons';
import { LoadFailed } from '../../../../ui/load-failed';
import { PageSection } from '../../../../ui/page-section';
import { PanelPageHeader, PanelPageSkeleton } from '../../../../ui/panel-page-header';
import { NotFoundMessage } from '../../../../ui/status-message';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import { useCatalogChange } from '../api/catalog-mutations';
import {
  type GroupView,
  type ProductView,
  useAllCatalogGroups,
  useCatalogProduct,
} from '../api/catalog-queries';
import { CatalogPricesEditor } from '../components/catalog-prices-editor';
import { CatalogProductForm } from '../components/catalog-product-form';
import { CatalogStatusBadge, PublishControl } from '../components/catalog-status';
import { CATALOG_PATH } from '../utils/catalog-filters';

const CATALOG_CRUMBS = [
  { label: 'کنسول کارکنان', to: ADMIN_PATH },
  { label: 'محصولات', to: CATALOG_PATH },
];

/** A new product's form; once made, the page moves to the product for its prices. */
export function CatalogNewProductPage() {
  useDocumentTitle('محصول تازه | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const groups = useAllCatalogGroups(userId);

  return (
    <Stack gap="lg" maw={880}>
      <PanelPageHeader
        breadcrumbs={[...CATALOG_CRUMBS, { label: 'محصول تازه' }]}
        title="محصول تازه"
        description="محصول منتشرنشده ساخته می‌شود؛ پس از ساختن، قیمت هر دوره را تعیین و آن را منتشر کنید."
      />
      <Card padding="lg">
        {groups.data ? (
          <CatalogProductForm userId={userId} product={null} groups={groups.data} />
        ) : groups.isError ? (
          <LoadFailed title="گروه‌های محصول بارگذاری نشد" query={groups} />
        ) : (
          <FormSkeleton />
        )}
      </Card>
    </Stack>
  );
}

/** One product: its fields, its prices by cycle, and publishing it. */
export function CatalogProductPage() {
  const { productId } = useParams();
  const { userId } = useStaffMember();
  const product = useCatalogProduct(userId, productId);
  const groups = useAllCatalogGroups(userId);
  useDocumentTitle(`${product.data?.name ?? 'محصول'} | کنسول کارکنان ویترین`);

  if (product.data && groups.data) {
    return <ProductEditor userId={userId} product={product.data} groups={groups.data} />;
  }
  if (product.isError && isNotFoundError(product.error)) {
    return (
      <NotFoundMessage
        icon={<BagIcon size={32} />}
        title="محصولی با این نشانی پیدا نشد"
        description="شاید نشانی را اشتباه نوشته‌اید."
        back={{ to: CATALOG_PATH, label: 'بازگشت به محصولات' }}
      />
    );
  }
  if (product.isError || groups.isError) {
    return (
      <LoadFailed
        titleOrder={1}
        title="محصول بارگذاری نشد"
        query={product.isError ? product : groups}
      />
    );
  }
  return (
    <PanelPageSkeleton label="در حال بارگذاری محصول" titleWidth={240}>
      <FormSkeleton />
    </PanelPageSkeleton>
  );
}

interface ProductEditorProps {
  userId: string;
  product: ProductView;
  groups: GroupView[];
}

function ProductEditor({ userId, product, groups }: ProductEditorProps) {
  const { role } = useStaffMember();
  const canEdit = hasPermission(role, 'catalog.manage');
  const publish = useCatalogChange(userId, '/api/admin/catalog/set-product-published');

  return (
    <Stack gap="lg" maw={880}>
      <PanelPageHeader
        breadcrumbs={[...CATALOG_CRUMBS, { label: product.name }]}
        title={product.name}
        badge={<CatalogStatusBadge status={product.status} />}
        description={`گروه ${product.group.name}`}
        actions={
          product.status === 'active' ? (
            <Anchor component={Link} to={`/store/${product.slug}`} target="_blank" size="sm">
              دیدن در فروشگاه
            </Anchor>
          ) : undefined
        }
      />
      <Card padding="lg">
        <PageSection title="انتشار" titleId="product-publish">
          <PublishControl
            status={product.status}
            noun="محصول"
            name={product.name}
            publishedNote="این محصول در فروشگاه به مشتریان نشان داده می‌شود و خریدنی است."
            unpublishNote="مشتریان دیگر این محصول را در فروشگاه نمی‌بینند و نمی‌توانند بخرندش؛ سرویس‌هایی که پیش‌تر خریده‌اند سر جایشان می‌مانند. هر وقت بخواهید می‌توانید دوباره منتشرش کنید."
            setPublished={(published) => publish.mutateAsync({ id: product.id, published })}
            disabled={!canEdit}
          />
        </PageSection>
      </Card>
      <Card padding="lg">
        <PageSection title="قیمت‌ها" titleId="product-prices">
          <Text size="sm" c="dimmed">
            هر دوره با قیمت و قیمت حراجش به تومان. دوره‌ای که این‌جا نباشد فروخته نمی‌شود.
          </Text>
          <CatalogPricesEditor
            key={JSON.stringify(product.prices)}
            userId={userId}
            product={product}
            canEdit={canEdit}
          />
        </PageSection>
      </Card>
      <Card padding="lg">
        <PageSection title="مشخصات" titleId="product-details">
          <CatalogProductForm
            key={detailsKey(product)}
            userId={userId}
            product={product}
            groups={groups}
          />
        </PageSection>
      </Card>
    </Stack>
  );
}

/** What the details form shows: it starts again when these change, not on a new price. */
function detailsKey(product: ProductView): string {
  const { prices: _prices, status: _status, updatedAt: _updatedAt, ...details } = product;
  return JSON.stringify(details);
}

function FormSkeleton() {
  return (
    <Stack gap="md" aria-hidden="true">
      <Skeleton height={56} />
      <Skeleton height={56} />
      <Skeleton height={120} />
    </Stack>
  );
}
