import { Alert, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { TOAST_ERROR } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-error';
import { fieldError } from '../../../lib/field-error';
import { tomanText } from '../../../lib/money';
import { AlertIcon, CartIcon } from '../../../ui/icons';
import { JalaliDate } from '../../../ui/jalali-date-time';
import { LabeledValue } from '../../../ui/labeled-value';
import { LatinIsolated } from '../../../ui/latin-isolated';
import type { UserDomainDetail } from '../api/get-user-domain';
import { useRestoreDomain } from '../api/restore-domain';
import { CartLineAdded } from './cart-line-added';

type RestoreOffer = NonNullable<UserDomainDetail['restore']>;

interface DomainRestoreCardProps {
  userId: string;
  domainId: string;
  domainName: string;
  offer: RestoreOffer;
}

/**
 * «بازگردانی از دورهٔ بازخرید» (issue 38) for a domain in redemption: the registry's fee and the
 * renewal the name needs, for a term the TLD sells, go to the cart as one line; paid, the
 * renewal job restores the name at the registry and renews it. A registry with no restore
 * (IRNIC) is said plainly, with no offer.
 */
export function DomainRestoreCard({ userId, domainId, domainName, offer }: DomainRestoreCardProps) {
  const [years, setYears] = useState(offer.years[0] ?? 1);
  const [added, setAdded] = useState<number | null>(null);
  const restore = useRestoreDomain(userId);
  const yearsError = fieldError(restore.error, 'years');
  const refusal = yearsError
    ? null
    : restore.error instanceof ApiRequestError
      ? restore.error.message
      : restore.error
        ? TOAST_ERROR
        : null;
  const renewalRial = offer.renewPriceRial * years;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAdded(null);
    try {
      await restore.mutateAsync({ id: domainId, years });
    } catch {
      return; // Said under the choice or above the button.
    }
    setAdded(years);
  };

  return (
    <Card component="section" aria-labelledby="domain-restore-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="domain-restore-title">
            بازگردانی از دورهٔ بازخرید
          </Title>
          <Text size="sm" c="dimmed">
            این دامنه منقضی شده و دورهٔ ارفاق آن هم گذشته است. ثبت‌کننده آن را
            {offer.until ? (
              <>
                {' '}
                تا <JalaliDate iso={offer.until} />{' '}
              </>
            ) : (
              ' مدتی '
            )}
            برای شما نگه می‌دارد و پس از آن آزادش می‌کند تا هر کسی بتواند ثبتش کند. بازگرداندن آن
            هزینهٔ بازگردانی ثبت‌کننده و دست‌کم یک سال تمدید دارد.
          </Text>
        </Stack>

        {offer.available ? (
          <form onSubmit={handleSubmit} noValidate>
            <Stack gap="md">
              <NativeSelect
                label="مدت تمدید پس از بازگردانی"
                style={{ maxWidth: '20rem' }}
                value={String(years)}
                onChange={(event) => {
                  setYears(Number(event.currentTarget.value));
                  setAdded(null);
                  restore.reset();
                }}
                data={offer.years.map((term) => ({
                  value: String(term),
                  label: `${toPersianDigits(term)} سال`,
                }))}
                error={yearsError && <LatinIsolated text={yearsError} />}
              />
              <Stack gap={6}>
                <LabeledValue labelWidth="9rem" label="هزینهٔ بازگردانی">
                  {tomanText(offer.restorePriceRial)}
                </LabeledValue>
                <LabeledValue labelWidth="9rem" label={`تمدید ${toPersianDigits(years)} ساله`}>
                  {tomanText(renewalRial)}
                </LabeledValue>
                <LabeledValue labelWidth="9rem" label="جمع پیش از مالیات">
                  <Text span size="sm" fw={700}>
                    {tomanText(offer.restorePriceRial + renewalRial)}
                  </Text>
                </LabeledValue>
                <Text size="xs" c="dimmed">
                  مالیات بر ارزش افزوده و کد تخفیف در سبد خرید حساب می‌شود. اگر ثبت‌کننده بازگردانی را
                  نپذیرد، همهٔ مبلغ به کیف پول شما برمی‌گردد.
                </Text>
              </Stack>
              <Group gap="sm">
                <Button
                  type="submit"
                  leftSection={<CartIcon size={18} />}
                  loading={restore.isPending}
                >
                  افزودن بازگردانی به سبد
                </Button>
              </Group>
              <CartLineAdded
                refusal={refusal}
                said={
                  added === null ? null : (
                    <>
                      بازگردانی <bdi dir="ltr">{domainName}</bdi> و تمدید {toPersianDigits(added)}{' '}
                      سالهٔ آن در سبد خرید شماست؛ پس از پرداخت، دامنه در ثبت‌کننده بازگردانده می‌شود.
                    </>
                  )
                }
                onClose={() => setAdded(null)}
                cartLabel="پرداخت در سبد خرید"
              />
            </Stack>
          </form>
        ) : (
          <Alert color="orange" variant="light" icon={<AlertIcon size={20} />} role="status">
            <LatinIsolated text={offer.reason ?? 'این دامنه اکنون بازگردانده نمی‌شود.'} />
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
