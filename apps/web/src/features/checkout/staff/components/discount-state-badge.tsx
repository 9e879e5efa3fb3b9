import { Badge } from '@mantine/core';
import type { DiscountCodeView } from '../api/discounts';
import { DISCOUNT_CODE_STATES, discountCodeState } from '../utils/discount-form';

/** فعال / غیرفعال, or why an active code cannot be used now (not started, ended, used up). */
export function DiscountStateBadge({ code }: { code: DiscountCodeView }) {
  const state = DISCOUNT_CODE_STATES[discountCodeState(code, new Date())];
  return (
    <Badge variant="light" color={state.color} style={{ flex: 'none' }}>
      {state.label}
    </Badge>
  );
}
