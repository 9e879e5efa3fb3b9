import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { showSuccessToast } from '../../../../lib/toast';
import { FormErrorText } from '../../../console/components/form-error-text';
import { useUpdatePaymentSettings } from '../api/payment-settings';
import {
  moveGateway,
  PAYMENT_FIELD_LABELS,
  type PaymentSettings,
  type PaymentSettingsDraft,
  type PaymentTextField,
  paymentSettingsDraftOf,
  paymentSettingsErrors,
  paymentSettingsRequest,
} from '../utils/payment-settings-form';

interface PaymentSettingsFormProps {
  userId: string;
  settings: PaymentSettings;
  /** Support reads the methods; only admins change them. */
  readOnly: boolean;
}

const HINTS: Record<PaymentTextField, { placeholder: string; ltr: boolean; maxLength: number }> = {
  cardNumber: { placeholder: '۶۰۳۷ ۹۹۱۱ ۲۳۴۵ ۶۷۸۹', ltr: true, maxLength: 26 },
  sheba: { placeholder: 'IR06 0170 0000 0012 3456 7890 01', ltr: true, maxLength: 40 },
  holderName: { placeholder: 'شرکت ویترین پارس', ltr: false, maxLength: 120 },
  bankName: { placeholder: 'بانک ملی', ltr: false, maxLength: 60 },
};

/**
 * The gateways in the order the checkout offers them, each with a switch and a way up or down;
 * then card-to-card and bank transfer with the company's details. Rendered with `key` set to
 * what the server last answered, so a save starts the form again from what it kept.
 */
export function PaymentSettingsForm({ userId, settings, readOnly }: PaymentSettingsFormProps) {
  const update = useUpdatePaymentSettings(userId);
  const [draft, setDraft] = useState<PaymentSettingsDraft>(() => paymentSettingsDraftOf(settings));
  const errors = paymentSettingsErrors(update.error);
  const change = (patch: Partial<PaymentSettingsDraft>) =>
    setDraft((current) => ({ ...current, ...patch }));

  const textField = (name: PaymentTextField) => ({
    label: PAYMENT_FIELD_LABELS[name],
    value: draft[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      change({ [name]: event.currentTarget.value }),
    error: errors.fields[name],
    readOnly,
    maxLength: HINTS[name].maxLength,
    placeholder: readOnly ? undefined : HINTS[name].placeholder,
    ...(HINTS[name].ltr
      ? { dir: 'ltr' as const, inputMode: 'numeric' as const, autoComplete: 'off' }
      : {}),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(paymentSettingsRequest(draft), {
      onSuccess: () => showSuccessToast('روش‌های پرداخت ذخیره شد'),
    });
  };

  const last = draft.gateways.length - 1;

  return (
    <form onSubmit={submit} noValidate aria-label="روش‌های پرداخت">
      <Stack gap="lg">
        <Card>
          <Stack gap="sm">
            <Title order={2} size="h4">
              درگاه‌های پرداخت اینترنتی
            </Title>
            <Text size="sm" c="dimmed">
              درگاه‌های روشن به همین ترتیب در صفحهٔ پرداخت به مشتری پیشنهاد می‌شوند؛ اولی انتخاب پیش‌فرض
              است.
            </Text>
            <Stack gap={0} component="ol" m={0} p={0} aria-label="ترتیب درگاه‌ها">
              {draft.gateways.map((gateway, index) => (
                <Group
                  key={gateway.name}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                  py="xs"
                  style={{
                    listStyle: 'none',
                    borderTop: index > 0 ? '1px solid var(--mantine-color-gray-2)' : undefined,
                  }}
                >
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Text c="dimmed" size="sm" w={20} ta="center" style={{ flex: 'none' }}>
                      {toPersianDigits(index + 1)}
                    </Text>
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Switch
                        label={gateway.title}
                        checked={gateway.enabled && gateway.available}
                        disabled={readOnly || !gateway.available}
                        onChange={(event) => {
                          const enabled = event.currentTarget.checked;
                          change({
                            gateways: draft.gateways.map((item) =>
                              item.name === gateway.name ? { ...item, enabled } : item,
                            ),
                          });
                        }}
                      />
                      {!gateway.available && (
                        <Badge variant="light" color="gray" size="sm">
                          روی این سرور پیکربندی نشده
                        </Badge>
                      )}
                    </Stack>
                  </Group>
                  {!readOnly && (
                    <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
                      <ActionIcon
                        variant="default"
                        size="lg"
                        disabled={index === 0}
                        aria-label={`بالاتر بردن ${gateway.title}`}
                        onClick={() => change({ gateways: moveGateway(draft.gateways, index, -1) })}
                      >
                        <span aria-hidden>▲</span>
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        size="lg"
                        disabled={index === last}
                        aria-label={`پایین‌تر بردن ${gateway.title}`}
                        onClick={() => change({ gateways: moveGateway(draft.gateways, index, 1) })}
                      >
                        <span aria-hidden>▼</span>
                      </ActionIcon>
                    </Group>
                  )}
                </Group>
              ))}
            </Stack>
            <FormErrorText message={errors.fields.gateways ?? null} />
          </Stack>
        </Card>
        <Card>
          <Stack gap="md">
            <Title order={2} size="h4">
              پرداخت دستی
            </Title>
            <Text size="sm" c="dimmed">
              مشتری به این کارت یا حساب پول می‌فرستد و کد پیگیری را ثبت می‌کند؛ کارکنان آن را در صف
              «کارت به کارت» تأیید یا رد می‌کنند.
            </Text>
            <Switch
              label="کارت به کارت"
              checked={draft.cardToCardEnabled}
              disabled={readOnly}
              onChange={(event) => change({ cardToCardEnabled: event.currentTarget.checked })}
            />
            <Switch
              label="واریز بانکی (شبا)"
              checked={draft.bankTransferEnabled}
              disabled={readOnly}
              onChange={(event) => change({ bankTransferEnabled: event.currentTarget.checked })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <TextInput {...textField('cardNumber')} />
              <TextInput {...textField('sheba')} />
              <TextInput {...textField('holderName')} />
              <TextInput {...textField('bankName')} />
            </SimpleGrid>
          </Stack>
        </Card>
        {!readOnly && (
          <>
            <FormErrorText message={errors.summary} />
            <Group>
              <Button type="submit" loading={update.isPending}>
                ذخیرهٔ روش‌های پرداخت
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </form>
  );
}
