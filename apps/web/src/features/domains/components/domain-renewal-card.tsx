import { Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { TOAST_ERROR } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-error';
import { fieldError } from '../../../lib/field-error';
import { CartIcon } from '../../../ui/icons';
import { LatinIsolated } from '../../../ui/latin-isolated';
import { useRenewDomain } from '../api/renew-domain';
import { CartLineAdded } from './cart-line-added';

/**
 * The terms offered. The TLD sells only some of them (its `years`); the server refuses another
 * with the terms it sells, shown under the choice, which keeps the page from asking the search.
 */
const RENEWAL_TERMS = [1, 2, 3, 4, 5] as const;

interface DomainRenewalCardProps {
  userId: string;
  domainId: string;
  domainName: string;
}

/**
 * «تمدید» (issue 38) for an active domain or one expired in its grace: a term in years goes to
 * the cart as a renewal line, priced there like any other; paid, the renewal job asks the
 * registry. A redemption restore goes through staff, and the server says so.
 */
export function DomainRenewalCard({ userId, domainId, domainName }: DomainRenewalCardProps) {
  const [years, setYears] = useState(1);
  const [added, setAdded] = useState<number | null>(null);
  const renew = useRenewDomain(userId);
  const yearsError = fieldError(renew.error, 'years');
  const refusal = yearsError
    ? null
    : renew.error instanceof ApiRequestError
      ? renew.error.message
      : renew.error
        ? TOAST_ERROR
        : null;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAdded(null);
    try {
      await renew.mutateAsync({ id: domainId, years });
    } catch {
      return; // Said under the choice or above the button.
    }
    setAdded(years);
  };

  return (
    <Card component="section" aria-labelledby="domain-renewal-title">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} size="h4" id="domain-renewal-title">
              تمدید
            </Title>
            <Text size="sm" c="dimmed">
              سال‌های تمدید به تاریخ انقضای کنونی افزوده می‌شود. تمدید به سبد خرید می‌رود و قیمت آن در
              سبد خرید نشان داده می‌شود.
            </Text>
          </Stack>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <NativeSelect
              label="مدت تمدید"
              style={{ flex: '1 1 12rem', maxWidth: '20rem' }}
              value={String(years)}
              onChange={(event) => {
                setYears(Number(event.currentTarget.value));
                setAdded(null);
                renew.reset();
              }}
              data={RENEWAL_TERMS.map((term) => ({
                value: String(term),
                label: `${toPersianDigits(term)} سال`,
              }))}
              error={yearsError && <LatinIsolated text={yearsError} />}
            />
            <Button
              type="submit"
              leftSection={<CartIcon size={18} />}
              loading={renew.isPending}
              // Level with the select's box, below its label.
              mt={{ base: 0, xs: 25 }}
              style={{ flex: 'none' }}
            >
              افزودن تمدید به سبد
            </Button>
          </Group>
          <CartLineAdded
            refusal={refusal}
            said={
              added === null ? null : (
                <>
                  تمدید {toPersianDigits(added)} سالهٔ <bdi dir="ltr">{domainName}</bdi> در سبد خرید
                  شماست؛ قیمت، کد تخفیف و پرداخت در سبد خرید است.
                </>
              )
            }
            onClose={() => setAdded(null)}
            cartLabel="مشاهدهٔ سبد خرید"
            cartVariant="light"
          />
        </Stack>
      </form>
    </Card>
  );
}
