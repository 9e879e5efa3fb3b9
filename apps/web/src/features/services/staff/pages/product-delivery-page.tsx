import { Group, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { LayoutIcon } from '../../../../ui/icons';
import { ListCard } from '../../../../ui/list-card';
import { AdminListBody } from '../../../console/components/admin-list-body';
import { AdminListTable, AdminPhoneCards } from '../../../console/components/admin-list-table';
import { ConfirmAction } from '../../../console/components/confirm-action';
import { useStaffMember } from '../../../console/utils/staff-context';
import { usePanelServers } from '../api/panel-servers';
import {
  type ProductDelivery,
  useCatalogProducts,
  useProductDelivery,
  useSaveProductDelivery,
} from '../api/product-delivery';
import { ManualDeliveryTimes } from '../components/manual-delivery-times';
import { ProductDeliveryDialog } from '../components/product-delivery-dialog';
import { ProvisioningHeader, SECTION_LABEL } from '../components/provisioning-header';
import { ProvisioningTabs } from '../components/provisioning-tabs';

const TITLE = 'تحویل محصولات';
const LABEL = 'محصولاتی که خودکار راه‌اندازی می‌شوند';
const COLUMNS = ['محصول', 'گروه سرور', 'بسته', 'روزهای ارفاق', 'روزهای پیش از حذف'] as const;
/** The mapping comes as one list: the list body shows it whole, without pages. */
const WHOLE_LIST = Number.MAX_SAFE_INTEGER;

/**
 * Which products a panel delivers (issue 20, admins): each mapped product's server group,
 * package and days; products not listed are delivered by hand.
 */
export function ProductDeliveryPage() {
  useDocumentTitle(`${TITLE} | ${SECTION_LABEL} | کنسول کارکنان ویترین`);
  const { userId } = useStaffMember();
  const mappings = useProductDelivery(userId);
  const products = useCatalogProducts(userId);
  const servers = usePanelServers(userId);
  const groups = [...new Set((servers.data?.items ?? []).map((server) => server.groupName))];
  const mapped = new Set((mappings.data?.items ?? []).map((item) => item.productId));
  const unmapped = (products.data ?? []).filter((product) => !mapped.has(product.id));

  return (
    <Stack gap="lg">
      <ProvisioningHeader
        page={TITLE}
        description="محصولی که این‌جا باشد پس از پرداخت خودکار روی یکی از سرورهای گروهش ساخته می‌شود. باقی محصولات (دامنه، سرور مجازی و …) پس از پرداخت در صف «تحویل دستی» منتظر کارشناس می‌مانند و دورهٔ هر سرویس از لحظهٔ تحویل آغاز می‌شود."
        actions={<ProductDeliveryDialog staffId={userId} unmapped={unmapped} groups={groups} />}
      />
      <ProvisioningTabs active="products" />
      {products.isError && (
        <Text size="sm" c="red.8">
          فهرست محصولات فروشگاه بارگذاری نشد؛ برای وصل کردن محصول تازه صفحه را دوباره باز کنید.
        </Text>
      )}
      <AdminListBody
        query={mappings}
        icon={<LayoutIcon size={32} />}
        empty={{
          title: 'همهٔ محصولات دستی تحویل می‌شوند',
          description:
            'محصولی را به گروهی از سرورها وصل کنید تا پس از پرداخت خودکار راه‌اندازی شود.',
        }}
        countNoun="محصول با تحویل خودکار"
        showRefreshing={false}
        page={1}
        pageSize={WHOLE_LIST}
        onPage={() => undefined}
        failedTitle="روش تحویل محصولات بارگذاری نشد"
        loadingLabel="در حال بارگذاری روش تحویل محصولات"
        skeletonCount={3}
      >
        {(items) => (
          <>
            <AdminListTable label={LABEL} columns={COLUMNS} hiddenColumn="کارها">
              {items.map((item) => (
                <Table.Tr key={item.productId}>
                  <Table.Td>
                    <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {item.productName}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      <bdi>{item.groupName}</bdi>
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      <bdi>{item.packageName}</bdi>
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{`${toPersianDigits(item.graceDays)} روز`}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{`${toPersianDigits(item.terminateAfterDays)} روز`}</Text>
                  </Table.Td>
                  <Table.Td>
                    <MappingActions staffId={userId} item={item} groups={groups} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </AdminListTable>
            <AdminPhoneCards label={LABEL}>
              {items.map((item) => (
                <ListCard key={item.productId} label={item.productName}>
                  <Stack gap={6}>
                    <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {item.productName}
                    </Text>
                    <Group gap="md" wrap="wrap">
                      <Text size="xs" c="dimmed">
                        {'گروه '}
                        <bdi>{item.groupName}</bdi>
                      </Text>
                      <Text size="xs" c="dimmed">
                        {'بستهٔ '}
                        <bdi>{item.packageName}</bdi>
                      </Text>
                      <Text size="xs" c="dimmed">
                        {`ارفاق ${toPersianDigits(item.graceDays)} روز · حذف پس از ${toPersianDigits(item.terminateAfterDays)} روز`}
                      </Text>
                    </Group>
                    <MappingActions staffId={userId} item={item} groups={groups} />
                  </Stack>
                </ListCard>
              ))}
            </AdminPhoneCards>
          </>
        )}
      </AdminListBody>
      <ManualDeliveryTimes staffId={userId} />
    </Stack>
  );
}

interface MappingActionsProps {
  staffId: string;
  item: ProductDelivery;
  groups: readonly string[];
}

/** A mapped product's edit, and «تحویل دستی», which takes it off the panels for new sales. */
function MappingActions({ staffId, item, groups }: MappingActionsProps) {
  const save = useSaveProductDelivery(staffId);
  return (
    <Group gap={6} wrap="wrap" justify="flex-end">
      <ProductDeliveryDialog staffId={staffId} mapping={item} groups={groups} />
      <ConfirmAction
        label="تحویل دستی"
        size="compact-sm"
        color="orange"
        title={`تحویل دستی ${item.productName}`}
        description="سرویس‌هایی که از این پس از این محصول خریده شوند روی هیچ کنترل پنلی ساخته نمی‌شوند: پس از پرداخت در صف «تحویل دستی» منتظر کارشناس می‌مانند. سرویس‌های موجود دست نمی‌خورند."
        confirmLabel="بله، دستی تحویل شود"
        reason="optional"
        successMessage={`${item.productName} از این پس دستی تحویل می‌شود`}
        onConfirm={(reason) =>
          save.mutateAsync({ productId: item.productId, provisioning: null, reason })
        }
      />
    </Group>
  );
}
