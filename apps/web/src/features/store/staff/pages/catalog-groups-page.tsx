import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { useFilterParams } from '../../../../lib/use-filter-params';
import { GridIcon } from '../../../../ui/icons';
import { PanelPageHeader } from '../../../../ui/panel-page-header';
import { ProductIcon } from '../../../../ui/product-icon';
import { AdminListBody } from '../../../console/components/admin-list-body';
import {
  AdminListTable,
  AdminPhoneCard,
  AdminPhoneCards,
} from '../../../console/components/admin-list-table';
import { NewRecordButton } from '../../../console/components/new-record-button';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import { CATALOG_PAGE_SIZE, type GroupView, useCatalogGroups } from '../api/catalog-queries';
import { CatalogRecordName } from '../components/catalog-record-name';
import { CatalogTabs } from '../components/catalog-tabs';
import {
  CATALOG_GROUPS_PATH,
  CATALOG_PATH,
  groupFilterCodec,
  groupPath,
} from '../utils/catalog-filters';

/** The product groups in the store's order, with their comparison tables. */
export function CatalogGroupsPage() {
  useDocumentTitle('گروه‌های محصول | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(groupFilterCodec);
  const list = useCatalogGroups(userId, filters);

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[
          { label: 'کنسول کارکنان', to: ADMIN_PATH },
          { label: 'فروشگاه', to: CATALOG_PATH },
          { label: 'گروه‌ها' },
        ]}
        title="گروه‌های محصول"
        description="گروه‌ها به ترتیب نمایش در فروشگاه؛ جدول امکانات هر گروه سطرهایی است که محصولاتش پر می‌کنند."
        actions={<NewRecordButton to={`${CATALOG_GROUPS_PATH}/new`} label="گروه تازه" />}
      />
      <CatalogTabs active="groups" />
      <AdminListBody
        query={list}
        icon={<GridIcon size={32} />}
        empty={{
          title: filters.page > 1 ? 'این صفحه گروهی ندارد' : 'هنوز گروهی ساخته نشده است',
          description: 'هر محصول در یک گروه است؛ نخست گروه را بسازید.',
        }}
        countNoun="گروه"
        showRefreshing={false}
        page={filters.page}
        pageSize={CATALOG_PAGE_SIZE}
        onPage={(page) => setFilters({ page })}
        failedTitle="گروه‌ها بارگذاری نشد"
        loadingLabel="در حال بارگذاری گروه‌ها"
        skeletonCount={2}
      >
        {(items) => (
          <>
            <GroupsTable items={items} />
            <GroupCards items={items} />
          </>
        )}
      </AdminListBody>
    </Stack>
  );
}

function GroupName({ group }: { group: GroupView }) {
  return (
    <CatalogRecordName
      picture={<ProductIcon src={group.iconUrl} size={36} />}
      to={groupPath(group.id)}
      name={group.name}
      slug={group.slug}
    />
  );
}

function featureSummary(group: GroupView): string {
  if (group.features.length === 0) return 'بی‌جدول';
  const labels = group.features.slice(0, 3).map((feature) => feature.label);
  const more = group.features.length - labels.length;
  return more > 0 ? `${labels.join('، ')} و ${toPersianDigits(more)} سطر دیگر` : labels.join('، ');
}

const COLUMNS = ['ترتیب', 'گروه', 'جدول امکانات', 'محصولات'] as const;

function GroupsTable({ items }: { items: GroupView[] }) {
  return (
    <AdminListTable label="فهرست گروه‌ها" columns={COLUMNS}>
      {items.map((group) => (
        <Table.Tr key={group.id}>
          <Table.Td>
            <Text size="sm">{toPersianDigits(group.sortOrder)}</Text>
          </Table.Td>
          <Table.Td>
            <GroupName group={group} />
          </Table.Td>
          <Table.Td maw={380}>
            <Text size="sm">{featureSummary(group)}</Text>
          </Table.Td>
          <Table.Td>
            <Anchor
              component={Link}
              to={`${CATALOG_PATH}?group=${group.id}`}
              size="sm"
              aria-label={`${toPersianDigits(group.productCount)} محصول گروه ${group.name}`}
            >
              {toPersianDigits(group.productCount)}
            </Anchor>
          </Table.Td>
        </Table.Tr>
      ))}
    </AdminListTable>
  );
}

function GroupCards({ items }: { items: GroupView[] }) {
  return (
    <AdminPhoneCards label="فهرست گروه‌ها">
      {items.map((group) => (
        <AdminPhoneCard key={group.id}>
          <Stack gap={6}>
            <GroupName group={group} />
            <Text size="sm">{featureSummary(group)}</Text>
            <Anchor component={Link} to={`${CATALOG_PATH}?group=${group.id}`} size="sm">
              {`${toPersianDigits(group.productCount)} محصول`}
            </Anchor>
          </Stack>
        </AdminPhoneCard>
      ))}
    </AdminPhoneCards>
  );
}
