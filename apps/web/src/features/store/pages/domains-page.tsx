import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
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
  DOMAIN_QUERY_MAX_LENGTH,
  type DomainAvailability,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error';
import { tomanText } from '../../../lib/money';
import { GlobeIcon, SearchIcon } from '../../../ui/icons';
import { LoadFailed } from '../../../ui/load-failed';
import { type DomainSearchRow, useDomainSearch } from '../api/search-domains';
import { VatNote } from '../components/vat-note';

// The domain search (issue 38): a name against every TLD on sale, each answered by its
// registry. Buying a name from here comes with registration through the registrars.

const AVAILABILITY_COLORS: Record<DomainAvailability, string> = {
  available: 'teal',
  taken: 'gray',
  invalid: 'orange',
  unknown: 'yellow',
};

export function DomainsPage() {
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
              <DomainRow key={row.tld} row={row} />
            ))}
          </Stack>
          <Alert color="blue" variant="light" title="ثبت دامنه از این صفحه">
            سفارش ثبت و انتقال دامنه از این صفحه هنوز راه نیفتاده است. تا آن زمان دامنهٔ آزاد را از
            فروشگاه سفارش دهید تا کارشناسان ما آن را ثبت کنند.
          </Alert>
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

function DomainRow({ row }: { row: DomainSearchRow }) {
  const available = row.availability === 'available';
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={row.name}>
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
            {row.years.map((years) => toPersianDigits(years)).join('، ')} سال
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
