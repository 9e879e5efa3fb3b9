import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ServiceStatus } from '@vitrin/contracts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { fieldError } from '../../../lib/field-error';
import { PROFILE_PATH } from '../../../lib/panel-paths';
import { useUserInfo } from '../../../lib/user-info';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import {
  type DeliveryDetail,
  useRevealDeliveryDetails,
  useServiceDelivery,
} from '../api/get-service-delivery';
import { CopyableCode } from './copyable-code';

interface ServiceDeliveryCardProps {
  userId: string;
  serviceId: string;
  status: ServiceStatus;
}

/**
 * A product delivered by hand (issue 35): while it waits, that staff deliver it and that its
 * term starts then; once delivered, what staff handed over, secrets behind the person's own
 * password. Nothing for a service a panel delivers.
 */
export function ServiceDeliveryCard({ userId, serviceId, status }: ServiceDeliveryCardProps) {
  const delivery = useServiceDelivery(userId, serviceId, status);
  const data = delivery.data;
  if (!data?.byHand) return null;
  if (status === 'awaiting-delivery') {
    return (
      <Alert color="orange" variant="light" title="در انتظار تحویل">
        <Stack gap={6}>
          <Text size="sm">
            این سرویس را کارشناسان ما دستی آماده و تحویل می‌دهند. وقتی تحویل شد، پیامک و رایانامه
            می‌گیرید و اطلاعات دسترسی همین‌جا نمایش داده می‌شود.
          </Text>
          <Text size="sm">دورهٔ سرویس از روز تحویل آغاز می‌شود، نه از روز پرداخت.</Text>
          {data.waitingSince && (
            <Text size="sm" c="dimmed">
              پرداخت‌شده و در انتظار از <JalaliDateTime iso={data.waitingSince} />
            </Text>
          )}
        </Stack>
      </Alert>
    );
  }
  if (data.details.length === 0) return null;
  return <DeliveredDetails userId={userId} serviceId={serviceId} delivery={data} />;
}

function DeliveredDetails({
  userId,
  serviceId,
  delivery,
}: {
  userId: string;
  serviceId: string;
  delivery: { deliveredAt: string | null; details: DeliveryDetail[] };
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const [revealed, setRevealed] = useState<DeliveryDetail[] | null>(null);
  const details = revealed ?? delivery.details;
  const hasSecret = delivery.details.some((detail) => detail.secret);
  return (
    <Card component="section" aria-labelledby="service-delivery-title">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="service-delivery-title">
            اطلاعات دسترسی
          </Title>
          {delivery.deliveredAt && (
            <Text size="sm" c="dimmed">
              تحویل: <JalaliDateTime iso={delivery.deliveredAt} />
            </Text>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {details.map((detail) => (
            <Stack key={detail.label} gap={4}>
              <Text size="sm" c="dimmed">
                {detail.label}
              </Text>
              {detail.value !== null ? (
                <CopyableCode value={detail.value} label={detail.label} />
              ) : (
                <Text size="sm">پنهان</Text>
              )}
            </Stack>
          ))}
        </SimpleGrid>
        {hasSecret && revealed === null && (
          <Group>
            <Button variant="default" onClick={open}>
              نمایش اطلاعات محرمانه
            </Button>
          </Group>
        )}
      </Stack>
      <RevealDialog
        userId={userId}
        serviceId={serviceId}
        opened={opened}
        onClose={close}
        onRevealed={(all) => {
          setRevealed(all);
          close();
        }}
      />
    </Card>
  );
}

function RevealDialog({
  userId,
  serviceId,
  opened,
  onClose,
  onRevealed,
}: {
  userId: string;
  serviceId: string;
  opened: boolean;
  onClose: () => void;
  onRevealed: (details: DeliveryDetail[]) => void;
}) {
  const reveal = useRevealDeliveryDetails();
  const hasPassword = useUserInfo(userId).data?.hasPassword;
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    if (reveal.isPending) return;
    setPassword('');
    setMissing(false);
    reveal.reset();
    onClose();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setMissing(true);
      return;
    }
    try {
      const answer = await reveal.mutateAsync({ serviceId, password });
      setPassword('');
      // The answer held the secrets: nothing of it stays in the mutation.
      reveal.reset();
      onRevealed(answer.details);
    } catch {
      // The server's reason shows under the field.
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="نمایش اطلاعات محرمانه"
      centered
      closeButtonProps={{ 'aria-label': 'بستن' }}
    >
      {hasPassword === false ? (
        <Text size="sm">
          حساب شما رمز عبور ندارد و با کد پیامکی وارد می‌شوید. برای دیدن اطلاعات محرمانه، نخست در{' '}
          <Anchor component={Link} to={PROFILE_PATH} size="sm">
            حساب کاربری
          </Anchor>{' '}
          برای حساب خود رمز عبور بگذارید.
        </Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              برای دیدن گذرواژه‌های تحویل‌شده، رمز عبور حساب ویترین خود را دوباره وارد کنید.
            </Text>
            <PasswordInput
              label="رمز عبور حساب ویترین"
              autoComplete="current-password"
              data-autofocus
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setMissing(false);
              }}
              error={
                missing
                  ? 'رمز عبور را وارد کنید'
                  : fieldError(reveal.error, 'password', ['WRONG_CREDENTIALS'])
              }
              visibilityToggleButtonProps={{ 'aria-label': 'نمایش یا پنهان کردن رمز عبور' }}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={reveal.isPending}>
                انصراف
              </Button>
              <Button type="submit" loading={reveal.isPending}>
                نمایش
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
