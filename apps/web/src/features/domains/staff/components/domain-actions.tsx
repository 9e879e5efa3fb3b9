import { Card, Group, Stack, Text } from '@mantine/core';
import { ConfirmAction } from '../../../console/components/confirm-action';
import { type StaffDomain, useDomainAction } from '../api/staff-domain';

interface DomainActionsProps {
  staffId: string;
  domain: StaffDomain;
}

/**
 * What staff do to a domain, each with a required reason kept in the timeline and the audit
 * log. All four are offered: whether one applies is the server's to say, and its refusal (a 409
 * that says why) shows in the dialog.
 */
export function DomainActions({ staffId, domain }: DomainActionsProps) {
  const retry = useDomainAction(staffId, domain.id, '/api/admin/domains/retry-domain');
  const sync = useDomainAction(staffId, domain.id, '/api/admin/domains/sync-domain');
  const complete = useDomainAction(staffId, domain.id, '/api/admin/domains/complete-domain');
  const refund = useDomainAction(staffId, domain.id, '/api/admin/domains/refund-domain');
  const name = <bdi>{domain.name}</bdi>;

  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          هر کار دلیلی می‌خواهد که در رویدادهای دامنه و گزارش کارها می‌ماند. اگر کاری برای این دامنه
          شدنی نباشد، پاسخ ثبت‌کننده یا سرور همان‌جا گفته می‌شود.
        </Text>
        <Group gap="sm" wrap="wrap">
          <ConfirmAction
            label="تلاش دوباره"
            color="blue"
            title={`تلاش دوباره برای ${domain.name}`}
            description={
              <>
                ثبت، انتقال یا تمدیدی که به کارشناس رسیده است دوباره به صف ثبت‌کننده می‌رود. پیش از آن
                دلیل توقف را (مثلا موجودی حساب نمایندگی) برطرف کنید. دامنه: {name}
              </>
            }
            confirmLabel="بله، دوباره بفرست"
            reason="required"
            successMessage="دامنه دوباره به صف ثبت‌کننده رفت"
            onConfirm={(reason) => retry.mutateAsync(reason ?? '')}
          />
          <ConfirmAction
            label="خواندن دوباره از ثبت‌کننده"
            color="gray"
            variant="default"
            title={`خواندن دوبارهٔ ${domain.name} از ثبت‌کننده`}
            description="وضعیت، تاریخ انقضا و نیم‌سرورهای دامنه همین حالا از ثبت‌کننده خوانده می‌شود و سوابق ویترین با آن یکی می‌شود، همان کاری که هر روز خودکار انجام می‌شود."
            confirmLabel="بله، بخوان"
            reason="required"
            successMessage="دامنه از ثبت‌کننده خوانده شد"
            onConfirm={(reason) => sync.mutateAsync(reason ?? '')}
          />
          <ConfirmAction
            label="ثبت دستی انجام شد"
            color="teal"
            title={`ثبت دستی ${domain.name}`}
            description="یعنی دامنه را خودتان در ثبت‌کننده به نام حساب ما ثبت یا منتقل کرده‌اید. دامنه از ثبت‌کننده خوانده می‌شود و فقط اگر آن‌جا به نام ما باشد فعال می‌شود و به مشتری خبر داده می‌شود."
            confirmLabel="بله، فعال شود"
            reason="required"
            successMessage="دامنه فعال شد"
            onConfirm={(reason) => complete.mutateAsync(reason ?? '')}
          />
          <ConfirmAction
            label="لغو و بازپرداخت"
            title={`لغو و بازپرداخت ${domain.name}`}
            description="دامنه‌ای که ثبت نشده است لغو می‌شود و مبلغ آن با برگشت از فروش به کیف پول مشتری برمی‌گردد. این کار برگشت‌پذیر نیست."
            confirmLabel="بله، لغو و بازپرداخت شود"
            reason="required"
            successMessage="دامنه لغو شد و مبلغ آن به کیف پول مشتری برگشت"
            onConfirm={(reason) => refund.mutateAsync(reason ?? '')}
          />
        </Group>
      </Stack>
    </Card>
  );
}
