import { Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { describeApiError, isRequestFault } from '../../../../lib/api-error';
import { showSuccessToast } from '../../../../lib/toast';
import { DiscountIcon } from '../../../../ui/icons';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { LoadFailed } from '../../../../ui/load-failed';
import { MobileNumber } from '../../../../ui/mobile-number';
import { PanelPageHeader } from '../../../../ui/panel-page-header';
import { StatusMessage } from '../../../../ui/status-message';
import { ConfirmAction } from '../../../console/components/confirm-action';
import { FormErrorText } from '../../../console/components/form-error-text';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import { type DiscountCodeView, useDiscountCode, useSetDiscountCodeActive } from '../api/discounts';
import { DiscountForm } from '../components/discount-form';
import { DiscountStateBadge } from '../components/discount-state-badge';
import { usageText } from '../utils/discount-form';
import { DISCOUNTS_PATH } from './discounts-page';

const crumbs = (label: string) => [
  { label: 'کنسول کارکنان', to: ADMIN_PATH },
  { label: 'کدهای تخفیف', to: DISCOUNTS_PATH },
  { label },
];

/** `/admin/discounts/new` and `/admin/discounts/:codeId`: a code's rules, uses and switch. */
export function DiscountPage() {
  const { codeId } = useParams();
  return codeId ? <EditCode id={codeId} /> : <NewCode />;
}

function NewCode() {
  useDocumentTitle('کد تخفیف تازه | کنسول کارکنان ویترین');
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={crumbs('کد تازه')}
        title="کد تخفیف تازه"
        description="قاعده‌هایی که خالی بمانند محدودیتی نمی‌گذارند."
      />
      <DiscountForm
        onSaved={(code) => navigate(`${DISCOUNTS_PATH}/${code.id}`, { replace: true })}
      />
    </Stack>
  );
}

function EditCode({ id }: { id: string }) {
  const { userId } = useStaffMember();
  const code = useDiscountCode(userId, id);
  useDocumentTitle(`${code.data ? `کد ${code.data.code}` : 'کد تخفیف'} | کنسول کارکنان ویترین`);

  if (code.isError && isRequestFault(code.error)) {
    return (
      <StatusMessage
        titleOrder={1}
        icon={<DiscountIcon size={32} />}
        title="این کد تخفیف پیدا نشد"
        description="شاید نشانی نادرست باشد."
      >
        <Button component={Link} to={DISCOUNTS_PATH} variant="light">
          بازگشت به کدهای تخفیف
        </Button>
      </StatusMessage>
    );
  }

  const data = code.data;
  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={crumbs(data?.code ?? 'کد تخفیف')}
        title={data ? <bdi dir="ltr">{data.code}</bdi> : <Skeleton height={32} width={200} />}
        description={data?.title}
        badge={data && <DiscountStateBadge code={data} />}
        actions={data && <ActiveSwitch code={data} />}
      />
      {data ? (
        <>
          <Usage code={data} />
          <DiscountForm key={data.id} code={data} onSaved={() => {}} />
        </>
      ) : code.isError ? (
        <LoadFailed title="کد تخفیف بارگذاری نشد" query={code} />
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label="در حال بارگذاری">
          <Skeleton height={80} radius="md" />
          <Skeleton height={300} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}

/** Turning a code off stops new checkouts from using it (confirmed); on again is one click. */
function ActiveSwitch({ code }: { code: DiscountCodeView }) {
  const { userId } = useStaffMember();
  const setActive = useSetDiscountCodeActive(userId);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (code.active) {
    return (
      <ConfirmAction
        label="غیرفعال کردن"
        title={`غیرفعال کردن کد ${code.code}`}
        description="از این پس هیچ سفارش تازه‌ای این کد را نمی‌پذیرد. سفارش‌هایی که پیش‌تر با آن ثبت شده‌اند دست نمی‌خورند، و می‌توانید کد را دوباره فعال کنید."
        confirmLabel="بله، غیرفعال شود"
        color="orange"
        successMessage="کد تخفیف غیرفعال شد"
        onConfirm={() => setActive(code.id, false)}
      />
    );
  }
  return (
    <Stack gap={4} align="flex-end">
      <Button
        variant="light"
        color="teal"
        loading={pending}
        onClick={async () => {
          setError(null);
          setPending(true);
          try {
            await setActive(code.id, true);
            showSuccessToast('کد تخفیف فعال شد');
          } catch (caught) {
            setError(describeApiError(caught) || 'فعال نشد؛ دوباره تلاش کنید');
          } finally {
            setPending(false);
          }
        }}
      >
        فعال کردن
      </Button>
      <FormErrorText message={error} />
    </Stack>
  );
}

/** Uses so far: how many orders hold the code, by how many people, and who uses it most. */
function Usage({ code }: { code: DiscountCodeView }) {
  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h5">
          استفاده تا کنون
        </Title>
        <Group gap="xl" wrap="wrap">
          <Text size="sm">
            <Text span size="sm" c="dimmed">
              {'دفعات استفاده: '}
            </Text>
            {usageText(code.usedCount, code.usageLimit)}
          </Text>
          <Text size="sm">
            <Text span size="sm" c="dimmed">
              {'مشتریان: '}
            </Text>
            {toPersianDigits(code.buyersCount)}
          </Text>
          <Text size="sm">
            <Text span size="sm" c="dimmed">
              {'ساخته‌شده در: '}
            </Text>
            <JalaliDateTime iso={code.createdAt} />
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          سفارش‌های در انتظار پرداخت و پرداخت‌شده شمرده می‌شوند؛ سفارش لغوشده یا بازپرداخت‌شده استفاده
          را برمی‌گرداند.
        </Text>
        {code.topBuyers.length > 0 && (
          <Table.ScrollContainer minWidth={320}>
            <Table aria-label="بیشترین استفاده به تفکیک مشتری" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>مشتری</Table.Th>
                  <Table.Th>موبایل</Table.Th>
                  <Table.Th>دفعات</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {code.topBuyers.map((buyer) => (
                  <Table.Tr key={buyer.customer.id}>
                    <Table.Td>
                      <Text size="sm">{buyer.customer.name}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        <MobileNumber mobile={buyer.customer.mobile} />
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{toPersianDigits(buyer.uses)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
