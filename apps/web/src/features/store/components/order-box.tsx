import { Alert, Button, Divider, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { BILLING_CYCLE_LABELS, type BillingCycle, type PathInput } from '@vitrin/contracts';
import { type CSSProperties, type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { fieldError } from '../../../lib/field-error';
import { tomanText } from '../../../lib/money';
import { showSuccessToast } from '../../../lib/toast';
import { CartIcon } from '../../../ui/icons';
import { useProductThemes } from '../api/get-product-themes';
import { useDomainCheck } from '../utils/domain-check';
import { CyclePicker, type ProductCycle } from './cycle-picker';
import type { ThemeCardData } from './theme-card';
import { findTheme, ThemePicker } from './theme-picker';
import { VatNote } from './vat-note';

export type CartLineRequest = Omit<PathInput<'/api/cart/add-to-cart'>, 'cartToken'>;

/**
 * The cart's add-to-cart, handed in by the route that puts the store and the cart together
 * (STYLE.md: features do not import each other).
 */
export interface CartAdder {
  add: (line: CartLineRequest) => Promise<unknown>;
  pending: boolean;
  /** The last attempt's failure: its field messages show on the fields. */
  error: unknown;
  reset: () => void;
}

// The most one answer holds (API.md lists); a builder plan offers far fewer themes.
const ALL_THEMES = 100;
/** How long typing pauses before the domain is judged: long enough not to judge half a name. */
const DOMAIN_CHECK_DELAY_MS = 600;
// Mantine paints the placeholder red with the error; an example the person has not typed is
// never wrong (issue 22), so it keeps its own colour.
const KEEP_PLACEHOLDER_COLOUR = {
  '--input-placeholder-color': 'var(--mantine-color-placeholder)',
} as CSSProperties;

interface OrderBoxProps {
  product: {
    id: string;
    slug: string;
    name: string;
    setupFee: number;
    needsDomain: boolean;
    needsTheme: boolean;
  };
  cycles: ProductCycle[];
  cycle: ProductCycle;
  onCycleChange: (cycle: BillingCycle) => void;
  /** The chosen theme's slug or id, as the address names it. */
  themeKey: string | null;
  onThemeChange: (theme: ThemeCardData | null) => void;
  cart: CartAdder;
}

/** The cycle to pay for, the theme and domain the product needs, what it comes to, and the way to order. */
export function OrderBox({
  product,
  cycles,
  cycle,
  onCycleChange,
  themeKey,
  onThemeChange,
  cart,
}: OrderBoxProps) {
  const themes = useProductThemes(
    { productSlug: product.slug, pageSize: ALL_THEMES },
    { enabled: product.needsTheme },
  );
  const theme = product.needsTheme ? findTheme(themes.data?.items, themeKey) : undefined;
  const themePrice = theme && !theme.isFree ? (theme.price ?? 0) : 0;
  const [domainName, setDomainName] = useState('');
  const [settledDomain] = useDebouncedValue(domainName, DOMAIN_CHECK_DELAY_MS);
  const checkDomain = useDomainCheck(domainName);
  // Judged once typing pauses, by the server's own rule; nothing is said before anything is typed.
  const typedDomainProblem =
    settledDomain === domainName ? checkDomain?.(settledDomain) : undefined;
  const [missing, setMissing] = useState<{ theme?: string; domain?: string }>({});
  const [added, setAdded] = useState(false);
  const total = cycle.price + product.setupFee + themePrice;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const domain = domainName.trim();
    const nextMissing = {
      theme: product.needsTheme && !theme ? 'قالب سایت را انتخاب کنید' : undefined,
      domain: !product.needsDomain
        ? undefined
        : domain === ''
          ? 'نام دامنه را وارد کنید'
          : checkDomain?.(domain),
    };
    setMissing(nextMissing);
    setAdded(false);
    if (nextMissing.theme || nextMissing.domain) return;
    try {
      await cart.add({
        productId: product.id,
        cycle: cycle.cycle,
        ...(theme ? { themeId: theme.id } : {}),
        ...(product.needsDomain ? { domainName: domain } : {}),
      });
      setAdded(true);
      showSuccessToast();
    } catch {
      // callApi has shown the server's message; its field messages show on the fields.
    }
  };

  return (
    <Paper withBorder radius="lg" p="lg" shadow="sm" component="section" aria-label="سفارش">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <CyclePicker cycles={cycles} value={cycle.cycle} onChange={onCycleChange} />
          {product.needsTheme && (
            <ThemePicker
              productSlug={product.slug}
              themes={themes.data?.items}
              failed={themes.isError}
              value={themeKey}
              onChange={(next) => {
                setMissing((current) => ({ ...current, theme: undefined }));
                setAdded(false);
                if (cart.error) cart.reset();
                onThemeChange(next);
              }}
              error={missing.theme ?? fieldError(cart.error, 'themeId')}
            />
          )}
          {product.needsDomain && (
            <TextInput
              label="نام دامنه"
              description="این محصول برای دامنهٔ شما راه‌اندازی می‌شود: دامنه‌ای که دارید یا می‌خواهید ثبت کنید، بدون www"
              placeholder="example.ir"
              dir="ltr"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              inputMode="url"
              maxLength={253}
              required
              value={domainName}
              onChange={(event) => {
                setDomainName(event.currentTarget.value);
                setMissing((current) => ({ ...current, domain: undefined }));
                setAdded(false);
                if (cart.error) cart.reset();
              }}
              error={missing.domain ?? typedDomainProblem ?? fieldError(cart.error, 'domainName')}
              styles={{ wrapper: KEEP_PLACEHOLDER_COLOUR }}
            />
          )}
          <Stack gap={6}>
            <PriceRow
              label={`هزینهٔ دورهٔ ${BILLING_CYCLE_LABELS[cycle.cycle]}`}
              rial={cycle.price}
            />
            {product.setupFee > 0 && (
              <PriceRow label="هزینهٔ راه‌اندازی (یک‌بار)" rial={product.setupFee} />
            )}
            {themePrice > 0 && theme && (
              <PriceRow label={`قالب ${theme.name} (یک‌بار)`} rial={themePrice} />
            )}
            <Divider />
            <Group justify="space-between" gap="xs" align="baseline">
              <Text fw={700}>مبلغ قابل پرداخت</Text>
              <Text fw={900} size="xl" c="brand.8" data-testid="order-total">
                {tomanText(total)}
              </Text>
            </Group>
            <VatNote short />
          </Stack>
          <Button
            type="submit"
            size="md"
            fullWidth
            leftSection={<CartIcon size={20} />}
            loading={cart.pending}
          >
            افزودن به سبد خرید
          </Button>
          {added && (
            <Alert
              color="teal"
              variant="light"
              title="به سبد خرید اضافه شد"
              role="status"
              withCloseButton
              closeButtonLabel="بستن"
              onClose={() => setAdded(false)}
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  {product.name} در سبد خرید شماست؛ کد تخفیف و پرداخت در سبد خرید است.
                </Text>
                <Button component={Link} to="/cart" size="xs" variant="light">
                  مشاهدهٔ سبد خرید
                </Button>
              </Stack>
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

function PriceRow({ label, rial }: { label: string; rial: number }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {tomanText(rial)}
      </Text>
    </Group>
  );
}
