import { Group, Radio, Stack } from '@mantine/core';
import { MANUAL_METHODS } from '@vitrin/contracts';
import type { PaymentMethods } from '../api/get-payment-methods';
import { MANUAL_METHOD_TITLES, type PayChoice } from '../utils/manual-payment';

interface PaymentMethodChoiceProps {
  methods: PaymentMethods;
  value: PayChoice | null;
  onChange: (choice: PayChoice) => void;
  disabled?: boolean;
}

/** The enabled methods: each gateway by its title, in staff's order, then the manual ones. */
export function enabledChoices(methods: PaymentMethods): { value: PayChoice; label: string }[] {
  return [
    ...methods.gateways.map((gateway) => ({ value: gateway.name, label: gateway.title })),
    ...MANUAL_METHODS.filter((method) =>
      method === 'card-to-card' ? methods.cardToCard : methods.bankTransfer,
    ).map((method) => ({ value: method, label: MANUAL_METHOD_TITLES[method] })),
  ];
}

/** How to pay: one radio per enabled method, shown only when there is a choice to make. */
export function PaymentMethodChoice({
  methods,
  value,
  onChange,
  disabled,
}: PaymentMethodChoiceProps) {
  const choices = enabledChoices(methods);
  if (choices.length < 2) return null;
  return (
    <Radio.Group label="روش پرداخت" value={value} onChange={(next) => onChange(next as PayChoice)}>
      <Stack gap="xs" mt="xs">
        <Group gap="sm">
          {choices.map((choice) => (
            <Radio.Card
              key={choice.value}
              value={choice.value}
              disabled={disabled}
              radius="md"
              p="sm"
              w="auto"
              aria-label={choice.label}
              style={{ flex: '1 1 9rem' }}
            >
              <Group gap="xs" wrap="nowrap">
                <Radio.Indicator disabled={disabled} />
                <span>{choice.label}</span>
              </Group>
            </Radio.Card>
          ))}
        </Group>
      </Stack>
    </Radio.Group>
  );
}
