import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Radio,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { BILLING_CYCLE_LABELS } from '@vitrin/contracts';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error';
import { tomanText } from '../../../lib/money';
import { CREDIT_PATH, orderPath } from '../../../lib/panel-paths';
import { LoadFailedLine } from '../../../ui/load-failed';
import { useChangeServicePlan } from '../api/change-service-plan';
import {
  type PlanChangeOption,
  type PlanChangeOptions,
  usePlanChangeOptions,
} from '../api/get-plan-change-options';
import {
  PLAN_CHANGE_DIRECTION_LABELS,
  planChangeSettlement,
  remainingDaysText,
} from '../utils/plan-change';

const TITLE_ID = 'plan-change-title';

interface PlanChangeCardProps {
  userId: string;
  serviceId: string;
}

/**
 * «تغییر پلن»: the other plans the service may move to for the rest of its term, and for the
 * one chosen how the difference is worked out (decision 0021), before the person confirms it.
 */
export function PlanChangeCard({ userId, serviceId }: PlanChangeCardProps) {
  const options = usePlanChangeOptions(userId, serviceId);
  const data = options.data;
  // Kept here, not in the form: the answer after the change may have no options left.
  const [changed, setChanged] = useState<PlanChanged | null>(null);
  // A service with no plan that can replace it (a domain, anything staff deliver by hand) has
  // nothing to offer here; a card saying so would only suggest it might one day.
  if (data && !data.offered) return null;
  let body: ReactNode;
  if (!data) {
    body = options.isError ? (
      <LoadFailedLine message="پلن‌های دیگر این سرویس بارگذاری نشد." query={options} quiet />
    ) : (
      <Skeleton height={72} radius="md" aria-label="در حال بارگذاری پلن‌ها" />
    );
  } else if (data.problem) {
    body = (
      <Stack gap={4} align="flex-start">
        <Text size="sm" c="dimmed">
          {data.problem}
        </Text>
        {data.pendingOrderId && (
          <Anchor component={Link} to={orderPath(data.pendingOrderId)} size="sm">
            دیدن و پرداخت همان سفارش
          </Anchor>
        )}
      </Stack>
    );
  } else if (data.options.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        پلن دیگری برای این سرویس نیست
      </Text>
    );
  } else {
    body = (
      <PlanChangeForm userId={userId} serviceId={serviceId} answer={data} onChanged={setChanged} />
    );
  }
  return (
    <Card component="section" aria-labelledby={TITLE_ID}>
      <Stack gap="md">
        <Title order={2} size="h4" id={TITLE_ID}>
          تغییر پلن
        </Title>
        {changed && (
          <Alert
            color="teal"
            variant="light"
            title={`پلن به «${changed.productName}» تغییر کرد`}
            withCloseButton
            closeButtonLabel="بستن"
            onClose={() => setChanged(null)}
            styles={{ body: { minWidth: 0 } }}
          >
            <Text size="sm">
              {changed.creditedRial > 0 ? (
                <>
                  {tomanText(changed.creditedRial)} از مابقی دوره به اعتبار کیف پول شما برگشت.{' '}
                  <Anchor component={Link} to={CREDIT_PATH} size="sm">
                    مشاهدهٔ کیف پول
                  </Anchor>
                </>
              ) : (
                'پلن تازه از همین حالا برقرار است.'
              )}
            </Text>
          </Alert>
        )}
        {body}
      </Stack>
    </Card>
  );
}

/** A plan change done at once (a downgrade or an even swap): to which plan, what was credited. */
interface PlanChanged {
  productName: string;
  creditedRial: number;
}

interface PlanChangeFormProps {
  userId: string;
  serviceId: string;
  answer: PlanChangeOptions;
  onChanged: (changed: PlanChanged | null) => void;
}

function PlanChangeForm({ userId, serviceId, answer, onChanged }: PlanChangeFormProps) {
  const navigate = useNavigate();
  const change = useChangeServicePlan(userId);
  const [chosenId, setChosenId] = useState<string | null>(null);
  // The server's word that the figure moved; the options are asked again meanwhile.
  const [conflict, setConflict] = useState<string | null>(null);
  const chosen = answer.options.find((option) => option.productId === chosenId) ?? null;

  const confirm = async (option: PlanChangeOption) => {
    setConflict(null);
    onChanged(null);
    try {
      const done = await change.mutateAsync({
        serviceId,
        productId: option.productId,
        expectedDifferenceRial: option.calculation.differenceRial,
      });
      if (done.outcome === 'order' && done.orderId) {
        navigate(orderPath(done.orderId));
        return;
      }
      setChosenId(null);
      onChanged({ productName: option.productName, creditedRial: done.creditedRial });
    } catch (error) {
      // Other refusals are in the toast; this one is said beside the figure that replaces it.
      if (error instanceof ApiRequestError && error.code === 'CONFLICT') setConflict(error.message);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        پلن فعلی: <b>{answer.currentProductName}</b>. پلن تازه برای باقی‌ماندهٔ همین دوره حساب می‌شود؛
        دورهٔ پرداخت و تاریخ انقضا تغییر نمی‌کند.
      </Text>
      <Radio.Group
        label="پلن تازه"
        labelProps={{ mb: 'xs', fw: 700 }}
        value={chosenId}
        onChange={(value) => {
          setChosenId(value);
          setConflict(null);
        }}
      >
        <Stack gap="xs">
          {answer.options.map((option) => (
            <PlanOptionCard key={option.productId} option={option} />
          ))}
        </Stack>
      </Radio.Group>
      {conflict && (
        <Alert color="orange" variant="light" styles={{ body: { minWidth: 0 } }}>
          <Text size="sm">{conflict}</Text>
        </Alert>
      )}
      {chosen ? (
        <PlanChangeCalculationView
          currentProductName={answer.currentProductName}
          option={chosen}
          busy={change.isPending}
          onConfirm={() => confirm(chosen)}
        />
      ) : (
        <Text size="sm" c="dimmed">
          پلنی را انتخاب کنید تا محاسبهٔ مبلغ آن را ببینید.
        </Text>
      )}
    </Stack>
  );
}

function PlanOptionCard({ option }: { option: PlanChangeOption }) {
  return (
    <Radio.Card value={option.productId} radius="md" p="sm" aria-label={option.productName}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={4} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap={6}>
            <Text fw={700}>{option.productName}</Text>
            <Badge variant="light" color={option.direction === 'upgrade' ? 'brand' : 'gray'}>
              {PLAN_CHANGE_DIRECTION_LABELS[option.direction]}
            </Badge>
          </Group>
          {option.summary && (
            <Text size="sm" c="dimmed">
              {option.summary}
            </Text>
          )}
          <Text size="sm">
            {tomanText(option.calculation.newPriceRial)} برای هر دورهٔ{' '}
            {BILLING_CYCLE_LABELS[option.cycle]}
          </Text>
        </Stack>
      </Group>
    </Radio.Card>
  );
}

interface PlanChangeCalculationViewProps {
  currentProductName: string;
  option: PlanChangeOption;
  busy: boolean;
  onConfirm: () => void;
}

const SETTLEMENT_NOTES = {
  pay: 'با تأیید، سفارشی به این مبلغ ثبت می‌شود و به صفحهٔ آن می‌روید تا با درگاه یا اعتبار کیف پول بپردازید؛ پلن پس از پرداخت تغییر می‌کند.',
  credit: 'با تأیید، پلن همین حالا تغییر می‌کند و این مبلغ به اعتبار کیف پول شما برمی‌گردد.',
  even: 'با تأیید، پلن همین حالا تغییر می‌کند.',
} as const;

/** Each figure of the difference in words, as the server worked it out. */
function PlanChangeCalculationView({
  currentProductName,
  option,
  busy,
  onConfirm,
}: PlanChangeCalculationViewProps) {
  const { calculation } = option;
  const settlement = planChangeSettlement(calculation.differenceRial, option.settlement);
  const cycle = BILLING_CYCLE_LABELS[option.cycle];
  const titleId = `plan-change-calculation-${option.productId}`;
  return (
    <Stack
      gap="sm"
      component="section"
      aria-labelledby={titleId}
      p="md"
      bg="gray.0"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Title order={3} size="h5" id={titleId}>
        محاسبهٔ تغییر به «{option.productName}»
      </Title>
      <Text size="sm" fw={700}>
        {remainingDaysText(calculation)}
      </Text>
      <Stack gap={6}>
        <FigureRow
          label={`قیمت دورهٔ ${cycle} پلن فعلی (${currentProductName})`}
          rial={calculation.currentPriceRial}
        />
        <FigureRow
          label={`قیمت دورهٔ ${cycle} پلن تازه (${option.productName})`}
          rial={calculation.newPriceRial}
        />
        <FigureRow label="اعتبار روزهای مصرف‌نشدهٔ پلن فعلی" rial={calculation.creditRial} />
        <FigureRow label="هزینهٔ پلن تازه برای همین روزها" rial={calculation.costRial} />
      </Stack>
      <Text size="xs" c="dimmed">
        هر دو مبلغ: قیمت دوره × روزهای مانده ÷ روزهای دوره
      </Text>
      {settlement.vatRial > 0 && (
        <Stack gap={6}>
          <FigureRow label="تفاوت، بی‌مالیات" rial={settlement.netRial} />
          <FigureRow
            label={
              settlement.kind === 'pay'
                ? 'مالیات بر ارزش افزوده'
                : 'مالیات بر ارزش افزودهٔ پرداخت‌شده برای همین روزها'
            }
            rial={settlement.vatRial}
          />
        </Stack>
      )}
      <Divider />
      <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
        <Text fw={700} style={{ minWidth: 0 }}>
          {settlement.label}
        </Text>
        {settlement.kind !== 'even' && (
          <Text
            fw={900}
            size="lg"
            c={settlement.kind === 'pay' ? 'brand.8' : 'teal.8'}
            style={{ whiteSpace: 'nowrap' }}
          >
            {tomanText(settlement.amountRial)}
          </Text>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {SETTLEMENT_NOTES[settlement.kind]}
      </Text>
      <Group>
        <Button
          onClick={onConfirm}
          loading={busy}
          color={settlement.kind === 'pay' ? undefined : 'teal'}
          styles={{ root: { height: 'auto', minHeight: 36 }, label: { whiteSpace: 'normal' } }}
        >
          {settlement.kind === 'pay' ? 'ثبت سفارش ارتقا' : 'تأیید تغییر پلن'}
        </Button>
      </Group>
    </Stack>
  );
}

function FigureRow({ label, rial }: { label: string; rial: number }) {
  return (
    <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" style={{ minWidth: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {tomanText(rial)}
      </Text>
    </Group>
  );
}
