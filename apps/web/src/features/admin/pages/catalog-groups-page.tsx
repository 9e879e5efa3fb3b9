import { Anchor, Box, Button, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { useFilterParams } from '../../../lib/use-filter-params';
import { GridIcon, PlusIcon } from '../../../ui/icons';
import { ListPagination } from '../../../ui/list-pagination';
import { LoadFailed } from '../../../ui/load-failed';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { ProductIcon } from '../../../ui/product-icon';
import { StatusMessage } from '../../../ui/status-message';
import { CATALOG_PAGE_SIZE, type GroupView, useCatalogGroups } from '../api/catalog-queries';
import { CatalogTabs } from '../components/catalog-tabs';
import { ADMIN_PATH } from '../utils/admin-sections';
import {
  CATALOG_GROUPS_PATH,
  CATALOG_PATH,
  groupFilterCodec,
  groupPath,
} from '../utils/catalog-filters';
import { useStaffMember } from '../utils/staff-context';

/** The product groups in the store's order, with their comparison tables. */
export function CatalogGroupsPage() {
  useDocumentTitle('گروه‌های محصول | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(groupFilterCodec);
  const list = useCatalogGroups(userId, filters);
  const data = list.data;

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
        actions={
          <Button
            component={Link}
            to={`${CATALOG_GROUPS_PATH}/new`}
            leftSection={<PlusIcon size={18} />}
          >
            گروه تازه
          </Button>
        }
      />
      <CatalogTabs active="groups" />
      {data ? (
        data.items.length === 0 ? (
          <StatusMessage
            icon={<GridIcon size={32} />}
            title={filters.page > 1 ? 'این صفحه گروهی ندارد' : 'هنوز گروهی ساخته نشده است'}
            description="هر محصول در یک گروه است؛ نخست گروه را بسازید."
          />
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {`${toPersianDigits(data.total)} گروه`}
            </Text>
            <Box style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <GroupsTable items={data.items} />
              <GroupCards items={data.items} />
            </Box>
            <ListPagination
              page={filters.page}
              pageSize={CATALOG_PAGE_SIZE}
              total={data.total}
              onChange={(page) => setFilters({ page })}
            />
          </>
        )
      ) : list.isError ? (
        <LoadFailed title="گروه‌ها بارگذاری نشد" query={list} />
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label="در حال بارگذاری گروه‌ها">
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}

function GroupName({ group }: { group: GroupView }) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <ProductIcon src={group.iconUrl} size={36} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={groupPath(group.id)} fw={700} size="sm">
          {group.name}
        </Anchor>
        <Text size="xs" c="dimmed" dir="ltr" ta="right" style={{ overflowWrap: 'anywhere' }}>
          {group.slug}
        </Text>
      </Stack>
    </Group>
  );
}

function featureSummary(group: GroupView): string {
  if (group.features.length === 0) return 'بی‌جدول';
  const labels = group.features.slice(0, 3).map((feature) => feature.label);
  const more = group.features.length - labels.length;
  return more > 0 ? `${labels.join('، ')} و ${toPersianDigits(more)} سطر دیگر` : labels.join('، ');
}

function GroupsTable({ items }: { items: GroupView[] }) {
  return (
    <Card p={0} visibleFrom="sm">
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="فهرست گروه‌ها">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ترتیب</Table.Th>
            <Table.Th>گروه</Table.Th>
            <Table.Th>جدول امکانات</Table.Th>
            <Table.Th>محصولات</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function GroupCards({ items }: { items: GroupView[] }) {
  return (
    <Stack gap="sm" component="ul" m={0} p={0} hiddenFrom="sm" aria-label="فهرست گروه‌ها">
      {items.map((group) => (
        <Card key={group.id} component="li" padding="md" style={{ listStyle: 'none' }}>
          <Stack gap={6}>
            <GroupName group={group} />
            <Text size="sm">{featureSummary(group)}</Text>
            <Anchor component={Link} to={`${CATALOG_PATH}?group=${group.id}`} size="sm">
              {`${toPersianDigits(group.productCount)} محصول`}
            </Anchor>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
