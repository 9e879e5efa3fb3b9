import { Button, type ButtonProps, Group, Popover, Radio, Stack, Text } from '@mantine/core';
import { BILLING_CYCLE_LABELS, type BillingCycle } from '@vitrin/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { tomanText } from '../../../lib/money';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { RenewIcon } from '../../../ui/icons';
import type { UserService } from '../api/get-user-services';
import { useRenewService } from '../api/renew-service';

interface RenewButtonProps {
  service: Pick<UserService, 'id' | 'name' | 'renewal'>;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/**
 * «تمدید»: a small chooser of the cycles on offer at today's prices; the chosen renewal goes to
 * the cart and the person to the cart to pay. Nothing when the service cannot be renewed.
 */
export function RenewButton({ service, size = 'sm', variant = 'light' }: RenewButtonProps) {
  const userId = useSignedInUserId();
  const navigate = useNavigate();
  const renew = useRenewService(userId);
  const [opened, setOpened] = useState(false);
  const renewal = service.renewal;
  const [cycle, setCycle] = useState<BillingCycle | null>(renewal?.cycle ?? null);
  const titleId = useId();
  if (!renewal) return null;

  const offers =
    renewal.cycles.length > 0
      ? renewal.cycles
      : [{ cycle: renewal.cycle, priceRial: renewal.priceRial }];
  const chosen = offers.find((offer) => offer.cycle === cycle) ?? offers[0];

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) return;
    try {
      await renew.mutateAsync({ serviceId: service.id, cycle: chosen.cycle });
      setOpened(false);
      navigate('/cart');
    } catch {
      // The server's reason (no longer renewable, …) is in the toast.
    }
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      returnFocus
      position="bottom-end"
      withArrow
      shadow="md"
      width={300}
    >
      <Popover.Target>
        <Button
          size={size}
          variant={variant}
          leftSection={<RenewIcon size={16} />}
          onClick={() => setOpened((open) => !open)}
          aria-label={`تمدید ${service.name}`}
        >
          تمدید
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId}>
        <form onSubmit={handleSubmit}>
          <Stack gap="sm">
            <Text fw={700} size="sm" id={titleId}>
              تمدید {service.name}
            </Text>
            <Radio.Group
              label="دورهٔ تمدید"
              value={chosen?.cycle ?? null}
              onChange={(value) => setCycle(value as BillingCycle)}
            >
              <Stack gap="xs" mt="xs">
                {offers.map((offer) => (
                  <Radio
                    key={offer.cycle}
                    value={offer.cycle}
                    label={`${BILLING_CYCLE_LABELS[offer.cycle]}: ${tomanText(offer.priceRial)}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Text size="xs" c="dimmed">
              {renewal.inCart
                ? 'تمدید این سرویس در سبد خرید است؛ با افزودن دوباره فقط دورهٔ آن عوض می‌شود.'
                : 'دورهٔ تازه پس از پایان دورهٔ فعلی (یا از امروز، اگر گذشته باشد) شروع می‌شود.'}
            </Text>
            <Group gap="xs">
              <Button type="submit" size="sm" loading={renew.isPending}>
                افزودن به سبد خرید
              </Button>
              <Button
                variant="default"
                size="sm"
                onClick={() => setOpened(false)}
                disabled={renew.isPending}
              >
                انصراف
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
