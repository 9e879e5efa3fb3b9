import { Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { Dispatch, FormEvent, SetStateAction } from 'react';
import { fieldError } from '../../../lib/field-error';
import { showSuccessToast } from '../../../lib/toast';
import { useApplyDiscountCode } from '../api/apply-discount-code';
import type { Cart } from '../api/cart-calls';
import { SignedAmount } from './signed-amount';

/** The code being typed and its setter, kept by the page so a redraw of the cart keeps it. */
export type TypedCode = [string, Dispatch<SetStateAction<string>>];

/** The cart's discount code: one to type, or the one applied with what it gives (or why not). */
export function DiscountCodeForm({
  discount,
  typed,
}: {
  discount: Cart['discount'];
  typed: TypedCode;
}) {
  const apply = useApplyDiscountCode();
  const [code, setCode] = typed;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim() === '') return;
    try {
      await apply.mutateAsync(code);
      setCode('');
      showSuccessToast();
    } catch {
      // The reason shows under the field (and in the toast).
    }
  };

  if (discount) {
    return (
      <Stack gap="xs" aria-label="کد تخفیف" role="group">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text size="sm">کد تخفیف</Text>
            <Badge variant="light" color={discount.valid ? 'teal' : 'gray'} dir="ltr">
              {discount.code}
            </Badge>
          </Group>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            loading={apply.isPending}
            onClick={() => apply.mutate('')}
          >
            حذف کد
          </Button>
        </Group>
        {discount.valid ? (
          <Text size="sm" c="green.8">
            {discount.description}: <SignedAmount rial={discount.amountRial} sign="−" />
          </Text>
        ) : (
          <Alert color="amber" variant="light" c="amber.9" p="xs">
            {discount.problem ?? 'این کد دیگر روی سبد شما اعمال نمی‌شود'}
          </Alert>
        )}
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label="کد تخفیف"
          dir="ltr"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={32}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            if (apply.error) apply.reset();
          }}
          error={fieldError(apply.error, 'code', ['DISCOUNT_INVALID', 'CART_EMPTY'])}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light" loading={apply.isPending} mt={28}>
          اعمال
        </Button>
      </Group>
    </form>
  );
}
