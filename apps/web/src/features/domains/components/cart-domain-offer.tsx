import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type PathInput, TOAST_ERROR } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api-error';
import { tomanText } from '../../../lib/money';
import { showSuccessToast } from '../../../lib/toast';
import { LatinIsolated } from '../../../ui/latin-isolated';
import { type DomainNameCheck, useDomainNameCheck } from '../api/check-domain-name';
import classes from './cart-domain-offer.module.css';

export type CartDomainLineRequest = Omit<PathInput<'/api/cart/add-domain-to-cart'>, 'cartToken'>;

/**
 * The cart's add-domain, handed in by the route that puts the cart and the domains together
 * (STYLE.md: features do not import each other).
 */
export interface CartDomainAdder {
  add: (line: CartDomainLineRequest) => Promise<unknown>;
}

// «It is mine and stays where it is», remembered for the browser tab: the plan keeps the name
// as it is, and the offer does not come back on every visit to the cart.
const KEPT_ELSEWHERE_KEY = 'vitrin.domainsKeptElsewhere';

function readKeptElsewhere(): string[] {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(KEPT_ELSEWHERE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((name) => typeof name === 'string') : [];
  } catch {
    // No storage (server rendering, a blocked or private window): the offer shows again.
    return [];
  }
}

function rememberKeptElsewhere(name: string): void {
  try {
    const names = [...new Set([...readKeptElsewhere(), name])];
    window.sessionStorage.setItem(KEPT_ELSEWHERE_KEY, JSON.stringify(names));
  } catch {
    // See readKeptElsewhere: dismissed until the page is left.
  }
}

/**
 * Under a hosting or website-builder line made on `name` (issue 38): the registry's answer for
 * the name, and the way to buy it in the same order — registered when free, transferred here
 * when taken and the person's — or left where it is. Says nothing while it asks, or when the
 * registry cannot say (a TLD not sold, no answer): the plan is made on the name either way.
 */
export function CartDomainOffer({ name, cart }: { name: string; cart: CartDomainAdder }) {
  const check = useDomainNameCheck(name);
  const [keptElsewhere, setKeptElsewhere] = useState(() => readKeptElsewhere().includes(name));
  const row = check.data;
  if (keptElsewhere || !row) return null;
  if (row.availability !== 'available' && row.availability !== 'taken') return null;
  return (
    <Paper className={classes.offer} radius="md" role="group" aria-label={`دامنهٔ ${name}`}>
      <OfferChoices
        row={row}
        cart={cart}
        onKeptElsewhere={() => {
          rememberKeptElsewhere(name);
          setKeptElsewhere(true);
        }}
      />
    </Paper>
  );
}

interface OfferChoicesProps {
  row: DomainNameCheck;
  cart: CartDomainAdder;
  onKeptElsewhere: () => void;
}

function OfferChoices({ row, cart, onKeptElsewhere }: OfferChoicesProps) {
  const [adding, setAdding] = useState<CartDomainLineRequest['action'] | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The TLD's first term; a transfer adds the one year its registry gives (RFC 5731 §3.2.4).
  const years = row.years[0] ?? 1;

  const add = async (action: CartDomainLineRequest['action']) => {
    setAdding(action);
    setRefusal(null);
    try {
      await cart.add({ name: row.name, action, years: action === 'transfer' ? 1 : years });
    } catch (error) {
      setRefusal(refusalOf(error));
      setAdding(null);
      return;
    }
    // The domain line is in the cart now, and this offer leaves with it.
    showSuccessToast();
  };

  const refused = refusal && (
    <Text size="sm" c="red.8" role="alert">
      <LatinIsolated text={refusal} />
    </Text>
  );

  if (row.availability === 'available') {
    return (
      <Stack gap="xs">
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={700}>
              این دامنه آزاد است؛ ثبتش کنید
            </Text>
            <Text size="xs" c="dimmed">
              ثبت {toPersianDigits(years)} ساله: {tomanText(row.registerPrice * years)}
            </Text>
          </Stack>
          <Button
            size="xs"
            loading={adding === 'register'}
            onClick={() => add('register')}
            style={{ flex: 'none' }}
          >
            ثبت دامنه
          </Button>
        </Group>
        {refused}
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <Stack gap={0}>
        <Text size="sm" fw={700}>
          این دامنه ثبت شده است
        </Text>
        <Text size="xs" c="dimmed">
          {row.transferPrice === 0
            ? 'انتقال به ویترین رایگان است'
            : `انتقال به ویترین: ${tomanText(row.transferPrice)}`}
          {row.authCodeRequired ? '؛ پس از پرداخت، کد انتقال را می‌خواهیم.' : ''}
        </Text>
      </Stack>
      <div className={classes.choices}>
        <Button
          size="xs"
          variant="light"
          loading={adding === 'transfer'}
          onClick={() => add('transfer')}
        >
          از آنِ من است؛ انتقالش دهید
        </Button>
        <Button size="xs" variant="default" disabled={adding !== null} onClick={onKeptElsewhere}>
          از آنِ من است و جای دیگری می‌ماند
        </Button>
      </div>
      {refused}
    </Stack>
  );
}

/** The server's words for a refusal: about the name or the years when it says so, else the whole. */
function refusalOf(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return TOAST_ERROR;
  return error.fields?.name ?? error.fields?.years ?? error.message;
}
