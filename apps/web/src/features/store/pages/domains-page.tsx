import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  DOMAIN_AVAILABILITY_LABELS,
  DOMAIN_ORDER_ACTION_LABELS,
  DOMAIN_QUERY_MAX_LENGTH,
  type DomainAvailability,
  PAGES,
  type PathInput,
  TOAST_ERROR,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error';
import { tomanText } from '../../../lib/money';
import { showSuccessToast } from '../../../lib/toast';
import { CartIcon, GlobeIcon, SearchIcon } from '../../../ui/icons';
import { LoadFailed } from '../../../ui/load-failed';
import { type DomainSearchRow, useDomainSearch } from '../api/search-domains';
import { VatNote } from '../components/vat-note';

// The domain search (issue 38): a name against every TLD on sale, each answered by its
// registry; a free name goes in the cart to be registered, a taken one to be transferred here.

export type DomainCartLineRequest = Omit<PathInput<'/api/cart/add-domain-to-cart'>, 'cartToken'>;

/**
 * The cart's add-domain, handed in by the route that puts the store and the cart together
 * (STYLE.md: features do not import each other). Each result keeps its own progress and answer.
 */
export interface DomainCartAdder {
  add: (line: DomainCartLineRequest) => Promise<unknown>;
}

const AVAILABILITY_COLORS: Record<DomainAvailability, string> = {
  available: 'teal',
  taken: 'gray',
  invalid: 'orange',
  unknown: 'yellow',
};

/** The domain search; `cart` is the cart's add-domain, handed in where the routes compose features. */
export function DomainsPage({ cart }: { cart: DomainCartAdder }) {
  useDocumentTitle('جست‌وجوی دامنه | ویترین');
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const search = useDomainSearch(q);
  const refused =
    search.error instanceof ApiRequestError && search.error.code === 'VALIDATION'
      ? (search.error.fields?.q ?? search.error.message)
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    setParams(next ? { q: next } : {});
  };

  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap={4} mb="lg">
        <Title order={1}>جست‌وجوی دامنه</Title>
        <Text c="dimmed">
          نام دلخواهتان را بنویسید تا آزاد بودن آن را در همهٔ پسوندها از خود ثبت‌کننده بپرسیم.
        </Text>
      </Stack>

      <Paper withBorder radius="lg" p="md" mb="lg" component="form" role="search" onSubmit={submit}>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            flex={1}
            label="نام دامنه"
            placeholder="مثلا: sara-shop یا کتاب‌فروشی.ایران"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            maxLength={DOMAIN_QUERY_MAX_LENGTH}
            leftSection={<GlobeIcon size={18} />}
            error={refused}
            // A Latin name reads left to right, a Persian one right to left, as typed; the box
            // (and its icon) stays right to left.
            styles={{ input: { unicodeBidi: 'plaintext' } }}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
          />
          <Button type="submit" leftSection={<SearchIcon size={18} />}>
            جست‌وجو
          </Button>
        </Group>
      </Paper>

      {q === '' ? null : search.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="در حال پرسیدن از ثبت‌کننده‌ها">
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} height={72} radius="md" />
          ))}
        </Stack>
      ) : search.isError ? (
        refused ? null : (
          <LoadFailed title="جست‌وجوی دامنه انجام نشد" query={search} />
        )
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite">
              {resultSummary(search.data.results)}
            </Text>
            <VatNote />
          </Group>
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {search.data.results.map((row) => (
              // Keyed by the name, so a new search starts each result's choice and answer afresh.
              <DomainRow key={`${row.tld} ${row.name}`} row={row} cart={cart} />
            ))}
          </Stack>
        </Stack>
      )}
    </Container>
  );
}

function resultSummary(rows: readonly DomainSearchRow[]): string {
  const free = rows.filter((row) => row.availability === 'available').length;
  return free === 0
    ? 'این نام در هیچ پسوندی آزاد نیست'
    : `این نام در ${toPersianDigits(free)} پسوند از ${toPersianDigits(rows.length)} پسوند آزاد است`;
}

/** How a result stands in the cart: being added, added, or refused with the server's reason. */
type AddState =
  | { kind: 'idle' }
  | { kind: 'adding' }
  | { kind: 'added'; action: DomainCartLineRequest['action'] }
  | { kind: 'refused'; message: string };

function DomainRow({ row, cart }: { row: DomainSearchRow; cart: DomainCartAdder }) {
  const available = row.availability === 'available';
  const taken = row.availability === 'taken';
  const [years, setYears] = useState(row.years[0] ?? 1);
  const [state, setState] = useState<AddState>({ kind: 'idle' });

  const add = async (action: DomainCartLineRequest['action']) => {
    setState({ kind: 'adding' });
    try {
      // A transfer adds one year, whatever is chosen for a registration (RFC 5731 §3.2.4).
      await cart.add({ name: row.name, action, years: action === 'transfer' ? 1 : years });
    } catch (error) {
      setState({ kind: 'refused', message: refusalOf(error) });
      return;
    }
    setState({ kind: 'added', action });
    showSuccessToast();
  };

  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={row.name}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Text
                fw={700}
                size="lg"
                dir="ltr"
                component="bdi"
                style={{ overflowWrap: 'anywhere' }}
                c={available ? undefined : 'dimmed'}
              >
                {row.name}
              </Text>
              <Badge color={AVAILABILITY_COLORS[row.availability]} variant="light">
                {DOMAIN_AVAILABILITY_LABELS[row.availability]}
              </Badge>
            </Group>
            {row.reason && (
              <Text size="sm" c="dimmed">
                {row.reason}
              </Text>
            )}
          </Stack>
          {taken ? (
            <Stack gap={0} align="flex-end">
              <Text fw={600}>
                {row.transferPrice === 0 ? 'انتقال رایگان' : tomanText(row.transferPrice)}
                {row.transferPrice > 0 && (
                  <Text component="span" size="sm" c="dimmed">
                    {' '}
                    / انتقال
                  </Text>
                )}
              </Text>
              <Text size="xs" c="dimmed">
                تمدید {tomanText(row.renewPrice)}
                {row.authCodeRequired ? ' · با کد انتقال' : ''}
              </Text>
            </Stack>
          ) : (
            <Stack gap={0} align="flex-end">
              <Text fw={600}>
                {tomanText(row.registerPrice)}
                <Text component="span" size="sm" c="dimmed">
                  {' '}
                  / سالانه
                </Text>
              </Text>
              <Text size="xs" c="dimmed">
                تمدید {tomanText(row.renewPrice)} · ثبت برای{' '}
                {row.years.map((term) => toPersianDigits(term)).join('، ')} سال
              </Text>
            </Stack>
          )}
        </Group>

        {available && (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <NativeSelect
              label="مدت ثبت"
              size="sm"
              style={{ flex: '1 1 12rem', maxWidth: '20rem' }}
              value={String(years)}
              onChange={(event) => setYears(Number(event.currentTarget.value))}
              data={row.years.map((term) => ({
                value: String(term),
                label: `${toPersianDigits(term)} سال · ${tomanText(row.registerPrice * term)}`,
              }))}
            />
            <Button
              leftSection={<CartIcon size={18} />}
              loading={state.kind === 'adding'}
              onClick={() => add('register')}
              style={{ flex: 'none' }}
            >
              افزودن به سبد
            </Button>
          </Group>
        )}
        {taken && (
          <Group gap="sm" align="center" wrap="wrap">
            <Button
              variant="light"
              loading={state.kind === 'adding'}
              onClick={() => add('transfer')}
            >
              انتقال به ویترین
            </Button>
            <Text size="xs" c="dimmed">
              اگر این نام از آنِ شماست، آن را به ویترین منتقل کنید
              {row.authCodeRequired ? '؛ پس از پرداخت، کد انتقال را از شما می‌خواهیم.' : '.'}
            </Text>
          </Group>
        )}
        {state.kind === 'refused' && (
          <Text size="sm" c="red.8" role="alert">
            {state.message}
          </Text>
        )}
        {state.kind === 'added' && (
          <Alert
            color="teal"
            variant="light"
            title="به سبد خرید اضافه شد"
            role="status"
            withCloseButton
            closeButtonLabel="بستن"
            onClose={() => setState({ kind: 'idle' })}
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {DOMAIN_ORDER_ACTION_LABELS[state.action]} <bdi dir="ltr">{row.name}</bdi> در سبد
                خرید شماست؛ کد تخفیف و پرداخت در سبد خرید است.
              </Text>
              <Button component={Link} to={PAGES.cart} size="xs" variant="light">
                مشاهدهٔ سبد خرید
              </Button>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** The server's words for a refusal: about the name or the years when it says so, else the whole. */
function refusalOf(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return TOAST_ERROR;
  return error.fields?.name ?? error.fields?.years ?? error.message;
}
