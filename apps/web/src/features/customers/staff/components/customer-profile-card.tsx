import { Anchor, Badge, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { JalaliDate } from '../../../../ui/jalali-date-time';
import { LabeledValue } from '../../../../ui/labeled-value';
import { MobileNumber } from '../../../../ui/mobile-number';
import { ConfirmAction } from '../../../console/components/confirm-action';
import { auditRecordPath } from '../../../console/utils/admin-sections';
import type { CustomerFile, useCustomerActions } from '../api/customers';
import { customerOrdersPath, customerTicketsPath } from '../utils/customer-paths';

const LABEL_WIDTH = '7.5rem';

const ROLE_NAMES = { customer: 'مشتری', support: 'پشتیبان', admin: 'مدیر' } as const;

interface CustomerProfileCardProps {
  customer: CustomerFile;
  /** The account actions, for admins; support reads only. */
  actions: ReturnType<typeof useCustomerActions> | null;
  /** The staff member is looking at their own account: it is not theirs to lock. */
  isSelf: boolean;
}

/** Who the customer is, where to find the rest of their history, and (admins) the account's actions. */
export function CustomerProfileCard({ customer, actions, isSelf }: CustomerProfileCardProps) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          مشخصات
        </Title>
        <Stack gap={6}>
          <LabeledValue label="نام" labelWidth={LABEL_WIDTH}>
            {customer.name ?? (
              <Text span size="sm" c="dimmed">
                وارد نشده
              </Text>
            )}
          </LabeledValue>
          <LabeledValue label="موبایل" labelWidth={LABEL_WIDTH}>
            <MobileNumber mobile={customer.mobile} />{' '}
            {customer.mobileVerifiedAt && (
              <Badge size="xs" variant="light" color="teal">
                تأییدشده
              </Badge>
            )}
          </LabeledValue>
          <LabeledValue label="ایمیل" labelWidth={LABEL_WIDTH}>
            {customer.email ? (
              <bdi dir="ltr">{customer.email}</bdi>
            ) : (
              <Text span size="sm" c="dimmed">
                وارد نشده
              </Text>
            )}
          </LabeledValue>
          <LabeledValue label="نقش" labelWidth={LABEL_WIDTH}>
            {ROLE_NAMES[customer.role]}
          </LabeledValue>
          <LabeledValue label="عضویت" labelWidth={LABEL_WIDTH}>
            <JalaliDate iso={customer.createdAt} />
          </LabeledValue>
          <LabeledValue label="نشست‌های باز" labelWidth={LABEL_WIDTH}>
            {customer.openSessionCount === 0
              ? 'هیچ'
              : `${toPersianDigits(customer.openSessionCount)} دستگاه`}
          </LabeledValue>
        </Stack>
        <Group gap="md" wrap="wrap">
          <Anchor component={Link} to={customerOrdersPath(customer.mobile)} size="sm">
            {`همهٔ سفارش‌ها (${toPersianDigits(customer.orderCount)})`}
          </Anchor>
          <Anchor component={Link} to={customerTicketsPath(customer.mobile)} size="sm">
            تیکت‌های این مشتری
          </Anchor>
          {actions && (
            <Anchor component={Link} to={auditRecordPath('customer', customer.id)} size="sm">
              کارهای کارکنان روی این حساب
            </Anchor>
          )}
        </Group>
        {actions && (
          <>
            <Divider />
            <AccountActions customer={customer} actions={actions} isSelf={isSelf} />
          </>
        )}
      </Stack>
    </Card>
  );
}

function AccountActions({
  customer,
  actions,
  isSelf,
}: {
  customer: CustomerFile;
  actions: ReturnType<typeof useCustomerActions>;
  isSelf: boolean;
}) {
  const lockable = !isSelf && customer.role !== 'admin';
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        {customer.lockedAt !== null ? (
          <ConfirmAction
            label="باز کردن قفل"
            color="teal"
            title="باز کردن قفل حساب"
            description="صاحب حساب دوباره می‌تواند وارد شود."
            confirmLabel="بله، قفل باز شود"
            reason="optional"
            successMessage="قفل حساب باز شد"
            onConfirm={(reason) => actions.unlock(reason)}
          />
        ) : (
          lockable && (
            <ConfirmAction
              label="قفل حساب"
              title="قفل کردن حساب"
              description="صاحب حساب دیگر نمی‌تواند وارد شود و همهٔ نشست‌هایش همین حالا بسته می‌شود، تا وقتی که قفل باز شود."
              confirmLabel="بله، قفل شود"
              reason="required"
              successMessage="حساب قفل شد و همهٔ نشست‌هایش بسته شد"
              onConfirm={async (reason) => actions.lock(reason ?? '')}
            />
          )
        )}
        <ConfirmAction
          label="پایان همهٔ نشست‌ها"
          color="orange"
          title="پایان همهٔ نشست‌ها"
          description={`صاحب حساب از همهٔ دستگاه‌ها (${toPersianDigits(customer.openSessionCount)} نشست باز) خارج می‌شود و باید دوباره وارد شود.`}
          confirmLabel="بله، همه بسته شود"
          reason="optional"
          successMessage="همهٔ نشست‌های این حساب بسته شد"
          onConfirm={(reason) => actions.endSessions(reason)}
        />
      </Group>
      {!lockable && customer.lockedAt === null && (
        <Text size="xs" c="dimmed">
          {isSelf ? 'حساب خودتان را نمی‌توانید قفل کنید.' : 'حساب یک مدیر را نمی‌توان قفل کرد.'}
        </Text>
      )}
    </Stack>
  );
}
