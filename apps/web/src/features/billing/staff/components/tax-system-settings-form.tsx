import {
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  TAX_ENVIRONMENT_LABELS,
  TAX_ENVIRONMENT_NAMES,
  type TaxSystemSettingsView,
} from '@vitrin/contracts';
import { type FormEvent, useState } from 'react';
import { showSuccessToast } from '../../../../lib/toast';
import { FormErrorText } from '../../../console/components/form-error-text';
import { useSaveTaxSettings } from '../api/tax-system';
import {
  type TaxEnvironment,
  type TaxSettingsDraft,
  taxSettingsDraftOf,
  taxSettingsErrors,
  taxSettingsRequest,
} from '../utils/tax-system';

interface TaxSystemSettingsFormProps {
  userId: string;
  settings: TaxSystemSettingsView;
}

const PEM_STYLES = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } as const;

/**
 * The connection's settings (admins): the memory id the organisation issued, the environment,
 * the default goods-and-services id, the signing key and certificate, and the switch that sends.
 * The key and certificate are write-only: saved ones are never shown, and leaving the fields
 * empty keeps them. Rendered with `key` set to what the server last answered, so a save starts
 * the form again from what it kept.
 */
export function TaxSystemSettingsForm({ userId, settings }: TaxSystemSettingsFormProps) {
  const save = useSaveTaxSettings(userId);
  const [draft, setDraft] = useState<TaxSettingsDraft>(() => taxSettingsDraftOf(settings));
  const errors = taxSettingsErrors(save.error);
  const change = (patch: Partial<TaxSettingsDraft>) =>
    setDraft((current) => ({ ...current, ...patch }));
  const keepHint = (what: string) =>
    settings.configured ? `خالی بگذارید تا ${what} فعلی بماند.` : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(taxSettingsRequest(draft), {
      onSuccess: () => showSuccessToast('تنظیمات سامانهٔ مودیان ذخیره شد'),
    });
  };

  return (
    <Card component="section" aria-labelledby="tax-settings-title">
      <form onSubmit={submit} noValidate aria-label="تنظیمات سامانهٔ مودیان">
        <Stack gap="md">
          <Title order={2} size="h4" id="tax-settings-title">
            تنظیمات
          </Title>
          <Switch
            label="ارسال صورتحساب‌ها به سامانهٔ مودیان"
            description="خاموش، سندها در صف می‌مانند و چیزی فرستاده نمی‌شود."
            checked={draft.enabled}
            onChange={(event) => change({ enabled: event.currentTarget.checked })}
            error={errors.fields.enabled}
          />
          <NativeSelect
            label="محیط"
            value={draft.environment}
            onChange={(event) =>
              change({ environment: event.currentTarget.value as TaxEnvironment })
            }
            data={TAX_ENVIRONMENT_NAMES.map((name) => ({
              value: name,
              label: TAX_ENVIRONMENT_LABELS[name],
            }))}
            error={errors.fields.environment}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label="شناسهٔ یکتای حافظهٔ مالیاتی"
              description="شش حرف لاتین یا رقم، از کارپوشه در درگاه سازمان."
              placeholder="A1B2C3"
              dir="ltr"
              autoComplete="off"
              maxLength={6}
              value={draft.memoryId}
              onChange={(event) => change({ memoryId: event.currentTarget.value })}
              error={errors.fields.memoryId}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
            <TextInput
              label="شناسهٔ کالا/خدمت پیش‌فرض"
              description="سیزده رقم؛ برای محصولی که شناسهٔ خودش را ندارد فرستاده می‌شود."
              dir="ltr"
              inputMode="numeric"
              autoComplete="off"
              maxLength={13}
              value={draft.defaultServiceId}
              onChange={(event) => change({ defaultServiceId: event.currentTarget.value })}
              error={errors.fields.defaultServiceId}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {settings.configured
              ? 'کلید خصوصی و گواهی ذخیره‌شده هرگز نمایش داده نمی‌شوند. برای عوض کردن، متن کامل PEM تازه را بنویسید.'
              : 'کلید خصوصی و گواهی امضایی را که سازمان برای آن صادر کرده است، با متن کامل PEM بنویسید؛ کلید رمزگذاری‌شده نگه داشته می‌شود و دیگر نمایش داده نمی‌شود.'}
          </Text>
          <Textarea
            label="کلید خصوصی (PEM)"
            description={keepHint('کلید')}
            placeholder="-----BEGIN PRIVATE KEY-----"
            required={!settings.configured}
            // Not autosize: its hidden measuring textarea stays in the page, wider than a phone.
            rows={4}
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            value={draft.privateKeyPem}
            onChange={(event) => change({ privateKeyPem: event.currentTarget.value })}
            error={errors.fields.privateKeyPem}
            styles={PEM_STYLES}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Textarea
            label="گواهی امضا (PEM)"
            description={keepHint('گواهی')}
            placeholder="-----BEGIN CERTIFICATE-----"
            required={!settings.configured}
            rows={4}
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            value={draft.certificatePem}
            onChange={(event) => change({ certificatePem: event.currentTarget.value })}
            error={errors.fields.certificatePem}
            styles={PEM_STYLES}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <FormErrorText message={errors.summary} />
          <Group>
            <Button type="submit" loading={save.isPending}>
              ذخیرهٔ تنظیمات
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
