import { Alert, Button, Stack, Text } from '@mantine/core';
import { PAGES } from '@vitrin/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LatinIsolated } from '../../../ui/latin-isolated';

interface CartLineAddedProps {
  /** Why the line was not added, as the server said it. */
  refusal: string | null | undefined;
  /** What was added, in a sentence; nothing when no line was added yet. */
  said: ReactNode | null;
  onClose: () => void;
  /** The cart button's words: where the person goes next. */
  cartLabel: string;
  cartVariant?: 'filled' | 'light';
}

/**
 * Under a domain card that adds a line to the cart (renewal, restore): the refusal, or that
 * the line is in the cart with the way there.
 */
export function CartLineAdded({
  refusal,
  said,
  onClose,
  cartLabel,
  cartVariant = 'filled',
}: CartLineAddedProps) {
  return (
    <>
      {refusal && (
        <Text size="sm" c="red.8" role="alert">
          <LatinIsolated text={refusal} />
        </Text>
      )}
      {said !== null && (
        <Alert
          color="teal"
          variant="light"
          title="به سبد خرید اضافه شد"
          role="status"
          withCloseButton
          closeButtonLabel="بستن"
          onClose={onClose}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{said}</Text>
            <Button component={Link} to={PAGES.cart} size="xs" variant={cartVariant}>
              {cartLabel}
            </Button>
          </Stack>
        </Alert>
      )}
    </>
  );
}
