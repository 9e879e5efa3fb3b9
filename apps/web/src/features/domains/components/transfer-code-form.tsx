import { Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-error';
import { fieldError } from '../../../lib/field-error';
import { showSuccessToast } from '../../../lib/toast';
import { useSubmitDomainTransferCode } from '../api/submit-domain-transfer-code';

interface TransferCodeFormProps {
  userId: string;
  domainId: string;
  domainName: string;
}

/**
 * A transfer in waits for the code its current registrar gave the holder (EPP's authInfo; IRNIC
 * calls it the PIN): asked for here, and the transfer goes to the registry once it is given.
 */
export function TransferCodeForm({ userId, domainId, domainName }: TransferCodeFormProps) {
  const [code, setCode] = useState('');
  const submit = useSubmitDomainTransferCode(userId);
  const error =
    fieldError(submit.error, 'authCode') ??
    (submit.error instanceof ApiRequestError ? submit.error.message : undefined);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await submit.mutateAsync({ id: domainId, authCode: code.trim() });
    } catch {
      return; // The box says why.
    }
    setCode('');
    showSuccessToast('کد انتقال ثبت شد');
  };

  return (
    <Card
      component="section"
      aria-labelledby="transfer-code-title"
      withBorder
      style={{ borderColor: 'var(--mantine-color-orange-5)' }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} size="h4" id="transfer-code-title">
              کد انتقال
            </Title>
            <Text size="sm">
              انتقال <bdi dir="ltr">{domainName}</bdi> منتظر کد انتقال است. این کد را ثبت‌کنندهٔ فعلی
              دامنه به دارندهٔ آن می‌دهد؛ از پنل آن ثبت‌کننده بگیرید و اینجا بنویسید.
            </Text>
          </Stack>
          <TextInput
            label="کد انتقال (Auth Code)"
            dir="ltr"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={64}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              if (submit.error) submit.reset();
            }}
            error={error}
          />
          <Button type="submit" loading={submit.isPending} style={{ alignSelf: 'flex-start' }}>
            ثبت کد و شروع انتقال
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
