import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { tomanText } from '../../../lib/money';
import { orderPath, PANEL_PATH } from '../../../lib/panel-paths';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { CardTable } from '../../../ui/card-table';
import { DiscountIcon } from '../../../ui/icons';
import { JalaliDate, JalaliDateTime } from '../../../ui/jalali-date-time';
import { LoadFailed } from '../../../ui/load-failed';
import { OrderStatusBadge } from '../../../ui/order-status-badge';
import { PageSection } from '../../../ui/page-section';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { StatusMessage } from '../../../ui/status-message';
import { type Discounts, useDiscounts } from '../api/get-discounts';
import { DiscountCodeChip } from '../components/discount-code-chip';

export function DiscountsPage() {
  useDocumentTitle('تخفیف‌ها | ویترین');
  const userId = useSignedInUserId();
  const discounts = useDiscounts(userId);
  const data = discounts.data;

  return (
    <Stack gap="xl">
      <PanelPageHeader
        breadcrumbs={[{ label: 'پیشخوان', to: PANEL_PATH }, { label: 'تخفیف‌ها' }]}
        title="تخفیف‌ها"
        description="کدهایی که می‌توانید به کار ببرید: کد را کپی کنید و در سبد خرید، در بخش کد تخفیف بنویسید."
      />
      {data ? (
        <>
          <AvailableCodes codes={data.available} />
          <UsedCodes used={data.used} />
        </>
      ) : discounts.isError ? (
        <LoadFailed title="کدهای تخفیف بارگذاری نشد" query={discounts} />
      ) : (
        <Stack gap="md" aria-busy="true" aria-label="در حال بارگذاری کدهای تخفیف">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Skeleton height={170} radius="lg" />
            <Skeleton height={170} radius="lg" />
          </SimpleGrid>
          <Skeleton height={120} radius="lg" />
        </Stack>
      )}
    </Stack>
  );
}

function AvailableCodes({ codes }: { codes: Discounts['available'] }) {
  return (
    <PageSection title="کدهای قابل استفاده" titleId="available-codes-title">
      {codes.length === 0 ? (
        <StatusMessage
          titleOrder={3}
          icon={<DiscountIcon size={32} />}
          title="فعلا کد تخفیفی برای شما نیست"
          description="کدهای تازه و کدهای ویژهٔ شما همین‌جا می‌آیند. تا آن زمان، محصولات حراج فروشگاه را ببینید."
        >
          <Button component={Link} to="/store" variant="light">
            رفتن به فروشگاه
          </Button>
        </StatusMessage>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="ul" m={0} p={0}>
          {codes.map((discount) => (
            <Card
              key={discount.code}
              component="li"
              style={{ listStyle: 'none' }}
              aria-label={`کد تخفیف ${discount.code}`}
            >
              <Stack gap="sm" h="100%">
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <DiscountCodeChip code={discount.code} />
                  {discount.personal && (
                    <Badge variant="light" color="grape" style={{ flex: 'none' }}>
                      شخصی
                    </Badge>
                  )}
                </Group>
                <Text fw={700}>{discount.description}</Text>
                {discount.conditions.length > 0 && (
                  <List size="sm" spacing={2} c="dimmed" aria-label="شرط‌ها">
                    {discount.conditions.map((condition) => (
                      <List.Item key={condition}>{condition}</List.Item>
                    ))}
                  </List>
                )}
                <Group gap="md" mt="auto" c="dimmed">
                  <Text size="xs">
                    {discount.endsAt ? (
                      <>
                        تا <JalaliDate iso={discount.endsAt} />
                      </>
                    ) : (
                      'بدون تاریخ پایان'
                    )}
                  </Text>
                  <Text size="xs">
                    {discount.usesLeft === null
                      ? 'بدون محدودیت دفعات'
                      : `${toPersianDigits(discount.usesLeft)} بار دیگر`}
                  </Text>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </PageSection>
  );
}

function UsedCodes({ used }: { used: Discounts['used'] }) {
  return (
    <PageSection title="کدهایی که به کار برده‌اید" titleId="used-codes-title">
      {used.length === 0 ? (
        <Text size="sm" c="dimmed">
          هنوز با هیچ کد تخفیفی سفارش نداده‌اید.
        </Text>
      ) : (
        <CardTable
          items={used}
          itemKey={(entry) => `${entry.orderId}-${entry.code}`}
          columns={['کد', 'سفارش', 'تخفیف', 'تاریخ', 'وضعیت سفارش']}
          row={(entry) => (
            <>
              <Table.Td>
                <bdi dir="ltr" style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
                  {entry.code}
                </bdi>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={orderPath(entry.orderId)} size="sm">
                  سفارش {toPersianDigits(entry.orderNumber)}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{tomanText(entry.discountRial)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <JalaliDateTime iso={entry.usedAt} />
              </Table.Td>
              <Table.Td>
                <OrderStatusBadge status={entry.orderStatus} />
              </Table.Td>
            </>
          )}
          blockGap={4}
          block={(entry) => (
            <>
              <Group justify="space-between" gap="xs">
                <bdi
                  dir="ltr"
                  style={{ fontFamily: 'var(--mantine-font-family-monospace)', fontWeight: 700 }}
                >
                  {entry.code}
                </bdi>
                <OrderStatusBadge status={entry.orderStatus} />
              </Group>
              <Group justify="space-between" gap="xs">
                <Anchor component={Link} to={orderPath(entry.orderId)} size="sm">
                  سفارش {toPersianDigits(entry.orderNumber)}
                </Anchor>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {tomanText(entry.discountRial)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                <JalaliDateTime iso={entry.usedAt} />
              </Text>
            </>
          )}
        />
      )}
    </PageSection>
  );
}
