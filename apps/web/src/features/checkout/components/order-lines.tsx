import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { BILLING_CYCLE_LABELS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { tomanText } from '../../../lib/money';
import { servicePath } from '../../../lib/panel-paths';
import type { OrderDetail } from '../api/get-order-detail';
import { SignedAmount } from './signed-amount';

/**
 * An order's lines as they were frozen at submit: names, cycles and amounts (each line's net,
 * before VAT; an exempt line says so); renewals marked, and a plan change with the plan it
 * leaves and how its price was worked out.
 */
export function OrderLines({ lines }: { lines: OrderDetail['lines'] }) {
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {lines.map((line) => (
        <Paper key={line.id} component="li" withBorder radius="md" p="md">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
              <Group gap="xs">
                {line.renewsServiceId && (
                  <Badge variant="light" color="brand">
                    تمدید
                  </Badge>
                )}
                {line.planChange && (
                  <Badge variant="light" color="indigo">
                    تغییر پلن
                  </Badge>
                )}
                <Anchor component={Link} to={`/store/${line.productSlug}`} fw={700} c="dark.8">
                  {line.productName}
                </Anchor>
              </Group>
              <Text size="sm" c="dimmed">
                {line.groupName} · دورهٔ {BILLING_CYCLE_LABELS[line.cycle]}
              </Text>
              {line.renewsServiceId && (
                <Anchor component={Link} to={servicePath(line.renewsServiceId)} size="sm">
                  مشاهدهٔ سرویسی که تمدید می‌شود
                </Anchor>
              )}
              {line.planChange && <PlanChangeFacts planChange={line.planChange} />}
              {line.themeName && <Text size="sm">قالب: {line.themeName}</Text>}
              {line.domainName && (
                <Text size="sm">
                  دامنه: <bdi dir="ltr">{line.domainName}</bdi>
                </Text>
              )}
            </Stack>
            <Stack gap={2} align="flex-end" style={{ flex: 'none' }}>
              <Text size="sm" c="dimmed">
                {tomanText(line.priceRial)}
                {line.setupFeeRial > 0 && ` + راه‌اندازی ${tomanText(line.setupFeeRial)}`}
                {line.themePriceRial > 0 && ` + قالب ${tomanText(line.themePriceRial)}`}
              </Text>
              {line.discountRial > 0 && (
                <Text size="sm" c="green.8">
                  تخفیف <SignedAmount rial={line.discountRial} sign="−" />
                </Text>
              )}
              <Text fw={800} style={{ whiteSpace: 'nowrap' }}>
                {tomanText(line.totalRial)}
              </Text>
              {line.vatRatePercent === 0 && (
                <Text size="xs" c="dimmed">
                  معاف از مالیات بر ارزش افزوده
                </Text>
              )}
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

type PlanChange = NonNullable<OrderDetail['lines'][number]['planChange']>;

/** The plan left, the service, and the prorated figures the line's price came from. */
function PlanChangeFacts({ planChange }: { planChange: PlanChange }) {
  const { calculation } = planChange;
  return (
    <>
      <Text size="sm">از {planChange.fromProductName}</Text>
      <Anchor component={Link} to={servicePath(planChange.serviceId)} size="sm">
        مشاهدهٔ سرویسی که پلنش تغییر می‌کند
      </Anchor>
      <Text size="xs" c="dimmed">
        {toPersianDigits(calculation.remainingDays)} روز از {toPersianDigits(calculation.termDays)}{' '}
        روز دوره مانده · اعتبار پلن قبلی {tomanText(calculation.creditRial)} · هزینهٔ پلن تازه برای
        همین روزها {tomanText(calculation.costRial)}
      </Text>
    </>
  );
}
