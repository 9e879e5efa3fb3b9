import { Badge, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { BILLING_CYCLE_LABELS, type BillingCycle, domainLineWords } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import type { ReactNode } from 'react';
import { tomanText } from '../../../lib/money';
import { servicePath } from '../../../lib/panel-paths';
import { JalaliDate } from '../../../ui/jalali-date-time';
import { LabeledText } from '../../../ui/labeled-value';
import { LatinIsolated } from '../../../ui/latin-isolated';
import { ListCard, NameLink } from '../../../ui/list-card';
import { ProductIcon } from '../../../ui/product-icon';
import type { Cart } from '../api/cart-calls';
import { useDeleteCartProducts } from '../api/delete-cart-products';
import { useUpdateCartProduct } from '../api/update-cart-product';
import classes from './cart-line-item.module.css';
import { SignedAmount } from './signed-amount';

type CartLine = Cart['lines'][number];

/**
 * What a domain line buys, in words: «ثبت دامنه برای ۲ سال», «انتقال دامنه», «بازگردانی دامنه و
 * تمدید ۱ ساله», as the invoice says it.
 */
export function domainLineTerms(domain: NonNullable<CartLine['domain']>): string {
  return domainLineWords(domain.action, domain.years);
}

/** What happens once a domain line is paid, in a sentence under it. */
function domainLineOutcome(domain: NonNullable<CartLine['domain']>): string {
  const years = toPersianDigits(domain.years);
  switch (domain.action) {
    case 'register':
      return `به مدت ${years} سال به نام شما ثبت می‌شود.`;
    case 'transfer':
      return 'با انتقال، یک سال به انقضای فعلی دامنه افزوده می‌شود.';
    case 'restore':
      return `ثبت‌کننده دامنه را از دورهٔ بازخرید برمی‌گرداند و ${years} سال به انقضای آن افزوده می‌شود.`;
    default:
      return `${years} سال به انقضای فعلی دامنه افزوده می‌شود.`;
  }
}

/**
 * One line of the cart: what it is, its cycle (changeable), what it costs, and a way out. A
 * renewal (decision 0013) names the service it extends and its expiry; it has no theme, domain
 * or setup fee, which were paid once. A domain line (issue 38) is its name and its terms, bought
 * for years from the search, with no cycle to change. `offer` goes under a plan's details: the
 * domain it is made on, to buy in the same order.
 */
export function CartLineItem({ line, offer }: { line: CartLine; offer?: ReactNode }) {
  const updateCycle = useUpdateCartProduct();
  const remove = useDeleteCartProducts();
  const onSale = line.regularPriceRial > line.priceRial;
  const renewal = line.renewal;
  const domain = line.domain;
  const name = renewal
    ? `تمدید ${renewal.serviceName}`
    : domain
      ? (line.domainName ?? line.product.name)
      : line.product.name;

  return (
    <ListCard label={name}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ProductIcon src={line.product.iconUrl} size={48} />
          {renewal ? (
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Badge variant="light" color="brand" style={{ flex: 'none', marginTop: 3 }}>
                  تمدید
                </Badge>
                <NameLink to={servicePath(renewal.serviceId)}>{renewal.serviceName}</NameLink>
              </Group>
              <Text size="sm" c="dimmed">
                {line.product.groupName} · {line.product.name}
              </Text>
              <LabeledText label="انقضای فعلی">
                {renewal.expiresAt ? <JalaliDate iso={renewal.expiresAt} /> : 'بدون تاریخ انقضا'}
              </LabeledText>
            </Stack>
          ) : domain ? (
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={700} c="dark.8" style={{ overflowWrap: 'anywhere' }}>
                <bdi dir="ltr">{name}</bdi>
              </Text>
              <Text size="sm" c="dimmed">
                {domainLineTerms(domain)}
              </Text>
            </Stack>
          ) : (
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <NameLink to={`/store/${line.product.slug}`}>{name}</NameLink>
              <Text size="sm" c="dimmed">
                {line.product.groupName}
              </Text>
              {line.theme && <LabeledText label="قالب">{line.theme.name}</LabeledText>}
              {line.domainName && (
                <LabeledText label="دامنه">
                  {/* Moves to the next line whole rather than split at a hyphen. */}
                  <LatinIsolated text={line.domainName} />
                </LabeledText>
              )}
            </Stack>
          )}
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            onClick={() => remove.mutate([line.id])}
            loading={remove.isPending}
            aria-label={`حذف ${name} از سبد`}
          >
            حذف
          </Button>
        </Group>

        <div className={classes.details}>
          {domain ? (
            <Text size="sm" c="dimmed">
              {domainLineOutcome(domain)}
            </Text>
          ) : (
            <NativeSelect
              label={renewal ? 'دورهٔ تمدید' : 'دورهٔ پرداخت'}
              size="sm"
              value={line.cycle}
              disabled={updateCycle.isPending || line.cycles.length < 2}
              onChange={(event) =>
                updateCycle.mutate({
                  lineId: line.id,
                  cycle: event.currentTarget.value as BillingCycle,
                })
              }
              data={line.cycles.map((offer) => ({
                value: offer.cycle,
                label: `${BILLING_CYCLE_LABELS[offer.cycle]}: ${tomanText(offer.price)}`,
              }))}
            />
          )}
          <Stack gap={4} className={classes.prices}>
            <PriceLine
              label={domain ? domainLineTerms(domain) : `دورهٔ ${BILLING_CYCLE_LABELS[line.cycle]}`}
            >
              {onSale && (
                <Text span size="xs" c="dimmed" td="line-through" me={6}>
                  {tomanText(line.regularPriceRial)}
                </Text>
              )}
              {tomanText(line.priceRial)}
            </PriceLine>
            {!renewal && line.setupFeeRial > 0 && (
              <PriceLine label="راه‌اندازی (یک‌بار)">{tomanText(line.setupFeeRial)}</PriceLine>
            )}
            {!renewal && line.themePriceRial > 0 && (
              <PriceLine label="قالب (یک‌بار)">{tomanText(line.themePriceRial)}</PriceLine>
            )}
            {line.discountRial > 0 && (
              <PriceLine label="تخفیف" tone="green.8">
                <SignedAmount rial={line.discountRial} sign="−" />
              </PriceLine>
            )}
            <PriceLine label="جمع این ردیف" strong>
              {tomanText(line.totalRial)}
            </PriceLine>
            {line.vatRatePercent === 0 && (
              <Text size="xs" c="dimmed">
                معاف از مالیات بر ارزش افزوده
              </Text>
            )}
          </Stack>
        </div>
        {offer}
      </Stack>
    </ListCard>
  );
}

interface PriceLineProps {
  label: string;
  children: ReactNode;
  tone?: string;
  strong?: boolean;
}

function PriceLine({ label, children, tone, strong = false }: PriceLineProps) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text
        size="sm"
        c={tone}
        fw={strong ? 800 : undefined}
        style={{ whiteSpace: 'nowrap' }}
        component="div"
      >
        {children}
      </Text>
    </Group>
  );
}
