import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { tomanText } from '../../../lib/money';
import { orderPath, PANEL_PATH } from '../../../lib/panel-paths';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { DiscountIcon } from '../../../ui/icons';
import { JalaliDate, JalaliDateTime } from '../../../ui/jalali-date-time';
import { LoadFailed } from '../../../ui/load-failed';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { StatusMessage } from '../../../ui/status-message';
import { OrderStatusBadge } from '../../checkout/components/order-status-badge';
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
        <LoadFailed
          title="کدهای تخفیف بارگذاری نشد"
          error={discounts.error}
          onRetry={() => discounts.refetch()}
          retrying={discounts.isFetching}
        />
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
    <Stack gap="sm" component="section" aria-labelledby="available-codes-title">
      <Title order={2} size="h4" id="available-codes-title">
        کدهای قابل استفاده
      </Title>
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
    </Stack>
  );
}

function UsedCodes({ used }: { used: Discounts['used'] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="used-codes-title">
      <Title order={2} size="h4" id="used-codes-title">
        کدهایی که به کار برده‌اید
      </Title>
      {used.length === 0 ? (
        <Text size="sm" c="dimmed">
          هنوز با هیچ کد تخفیفی سفارش نداده‌اید.
        </Text>
      ) : (
        <Card p={0}>
          <Box visibleFrom="sm" px="md" py="xs">
            <Table verticalSpacing="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>کد</Table.Th>
                  <Table.Th>سفارش</Table.Th>
                  <Table.Th>تخفیف</Table.Th>
                  <Table.Th>تاریخ</Table.Th>
                  <Table.Th>وضعیت سفارش</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {used.map((entry) => (
                  <Table.Tr key={`${entry.orderId}-${entry.code}`}>
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
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {tomanText(entry.discountRial)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <JalaliDateTime iso={entry.usedAt} />
                    </Table.Td>
                    <Table.Td>
                      <OrderStatusBadge status={entry.orderStatus} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          <Stack hiddenFrom="sm" gap={0} component="ul" m={0} px="md" style={{ listStyle: 'none' }}>
            {used.map((entry, index) => (
              <Stack
                key={`${entry.orderId}-${entry.code}`}
                component="li"
                gap={4}
                py="sm"
                style={
                  index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined
                }
              >
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
              </Stack>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
