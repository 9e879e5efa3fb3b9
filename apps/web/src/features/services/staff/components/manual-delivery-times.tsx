import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { useState } from 'react';
import { fieldError } from '../../../../lib/field-error';
import {
  type ManualDeliveryProduct,
  useManualDeliveryProducts,
  useSaveManualDeliveryTime,
} from '../api/manual-delivery-times';
import { readWholeNumberText } from '../utils/form-numbers';

/**
 * Products delivered by hand and how long each may wait for staff (issue 35): past that, the
 * delivery queue marks it overdue and admins are told.
 */
export function ManualDeliveryTimes({ staffId }: { staffId: string }) {
  const products = useManualDeliveryProducts(staffId);
  if (!products.data || products.data.items.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="manual-delivery-times-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="manual-delivery-times-title">
            مهلت تحویل دستی
          </Title>
          <Text size="sm" c="dimmed">
            سرویسی که بیش از این مدت در صف «تحویل دستی» بماند دیرشده است و به مدیران پیامک و
            رایانامه می‌رسد.
          </Text>
        </Stack>
        {products.data.items.map((product) => (
          <ProductTime key={product.productId} staffId={staffId} product={product} />
        ))}
      </Stack>
    </Card>
  );
}

function ProductTime({ staffId, product }: { staffId: string; product: ManualDeliveryProduct }) {
  const save = useSaveManualDeliveryTime(staffId);
  const [text, setText] = useState(toPersianDigits(product.alertAfterHours));
  const [invalid, setInvalid] = useState(false);
  const hours = readWholeNumberText(text, 1, 720);
  const changed = hours !== product.alertAfterHours;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Text size="sm" fw={700} style={{ flex: '1 1 12rem' }}>
        {product.productName}
      </Text>
      <TextInput
        aria-label={`مهلت ${product.productName} (ساعت)`}
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setInvalid(false);
        }}
        w="6rem"
        rightSection={
          <Text size="xs" c="dimmed">
            ساعت
          </Text>
        }
        rightSectionWidth={44}
        error={invalid ? 'عددی از ۱ تا ۷۲۰ ساعت' : fieldError(save.error, 'alertAfterHours')}
      />
      <Button
        size="sm"
        variant="light"
        aria-label={`ذخیرهٔ مهلت ${product.productName}`}
        disabled={!changed && !invalid}
        loading={save.isPending}
        onClick={() =>
          save.mutate({ productId: product.productId, alertAfterHours: Number(hours) })
        }
      >
        ذخیره
      </Button>
    </Group>
  );
}
