import {
  Anchor,
  Box,
  Button,
  Card,
  Code,
  Group,
  Loader,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { useFilterParams } from '../../../lib/use-filter-params';
import { DiscountIcon, PlusIcon } from '../../../ui/icons';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import { ListPagination } from '../../../ui/list-pagination';
import { LoadFailed } from '../../../ui/load-failed';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { StatusMessage } from '../../../ui/status-message';
import { DISCOUNTS_PAGE_SIZE, type DiscountCodeView, useDiscountCodes } from '../api/discounts';
import { DiscountFiltersBar } from '../components/discount-filters-bar';
import { DiscountStateBadge } from '../components/discount-state-badge';
import { ADMIN_PATH } from '../utils/admin-sections';
import { discountFilterCodec, hasDiscountFilters } from '../utils/discount-filters';
import { discountAmountText, usageText } from '../utils/discount-form';
import { useStaffMember } from '../utils/staff-context';

export const DISCOUNTS_PATH = '/admin/discounts';

const codePath = (id: string) => `${DISCOUNTS_PATH}/${id}`;

/** The discount codes (issue 8, admins): every code with its rules and uses so far. */
export function DiscountsPage() {
  useDocumentTitle('کدهای تخفیف | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(discountFilterCodec);
  const codes = useDiscountCodes(userId, filters);
  const data = codes.data;

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[{ label: 'کنسول کارکنان', to: ADMIN_PATH }, { label: 'کدهای تخفیف' }]}
        title="کدهای تخفیف"
        description="هر کد با میزان تخفیف، بازهٔ اعتبار و دفعات استفاده تا کنون؛ تازه‌ترین نخست."
        actions={
          <Button
            component={Link}
            to={`${DISCOUNTS_PATH}/new`}
            leftSection={<PlusIcon size={18} />}
          >
            کد تازه
          </Button>
        }
      />
      <DiscountFiltersBar filters={filters} setFilters={setFilters} />
      {data ? (
        data.items.length === 0 ? (
          hasDiscountFilters(filters) || filters.page > 1 ? (
            <StatusMessage
              icon={<DiscountIcon size={32} />}
              title="کدی با این فیلترها پیدا نشد"
              description="فیلترها را تغییر دهید یا بردارید."
            >
              <Button variant="light" onClick={() => setFilters({ state: null, q: '' })}>
                نمایش همهٔ کدها
              </Button>
            </StatusMessage>
          ) : (
            <StatusMessage
              icon={<DiscountIcon size={32} />}
              title="هنوز کد تخفیفی ساخته نشده است"
              description="کدی بسازید تا مشتریان هنگام پرداخت به کارش ببرند."
            >
              <Button component={Link} to={`${DISCOUNTS_PATH}/new`} variant="light">
                کد تازه
              </Button>
            </StatusMessage>
          )
        ) : (
          <>
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {`${toPersianDigits(data.total)} کد`}
              </Text>
              {codes.isFetching && <Loader size="xs" type="dots" aria-label="در حال به‌روزرسانی" />}
            </Group>
            <Box style={{ opacity: codes.isPlaceholderData ? 0.6 : 1 }}>
              <CodesTable items={data.items} />
              <CodeCards items={data.items} />
            </Box>
            <ListPagination
              page={filters.page}
              pageSize={DISCOUNTS_PAGE_SIZE}
              total={data.total}
              onChange={(page) => setFilters({ page })}
            />
          </>
        )
      ) : codes.isError ? (
        <LoadFailed title="کدهای تخفیف بارگذاری نشد" query={codes} />
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label="در حال بارگذاری کدهای تخفیف">
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}

function CodeLink({ code }: { code: DiscountCodeView }) {
  return (
    <Anchor component={Link} to={codePath(code.id)}>
      <Code dir="ltr" fz="sm" fw={700}>
        {code.code}
      </Code>
    </Anchor>
  );
}

/** The window: from – to, each end open when not set. */
function Validity({ code }: { code: DiscountCodeView }) {
  if (code.startsAt === null && code.endsAt === null) {
    return (
      <Text span size="sm" c="dimmed">
        همیشه
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {code.startsAt && (
        <Text size="sm">
          <Text span size="sm" c="dimmed">
            {'از '}
          </Text>
          <JalaliDateTime iso={code.startsAt} />
        </Text>
      )}
      <Text size="sm">
        <Text span size="sm" c="dimmed">
          {'تا '}
        </Text>
        {code.endsAt ? <JalaliDateTime iso={code.endsAt} /> : 'بی‌پایان'}
      </Text>
    </Stack>
  );
}

/** The rules that narrow who may use it, in a few words. */
function Limits({ code }: { code: DiscountCodeView }) {
  const notes = [
    code.minCartRial !== null && code.minCartRial > 0
      ? `سفارش از ${discountAmountText({ kind: 'fixed', value: code.minCartRial })}`
      : null,
    code.maxDiscountRial !== null
      ? `سقف ${discountAmountText({ kind: 'fixed', value: code.maxDiscountRial })}`
      : null,
    code.firstOrderOnly ? 'فقط نخستین سفارش' : null,
    code.productIds.length + code.groupIds.length > 0 ? 'برای برخی محصولات' : null,
    code.user ? `شخصی: ${code.user.name}` : null,
  ].filter((note): note is string => note !== null);
  return notes.length === 0 ? null : (
    <Text size="xs" c="dimmed">
      {notes.join(' · ')}
    </Text>
  );
}

function CodesTable({ items }: { items: DiscountCodeView[] }) {
  return (
    <Card p={0} visibleFrom="sm">
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="فهرست کدهای تخفیف">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>کد</Table.Th>
            <Table.Th>تخفیف</Table.Th>
            <Table.Th>اعتبار</Table.Th>
            <Table.Th>استفاده</Table.Th>
            <Table.Th>وضعیت</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((code) => (
            <Table.Tr key={code.id}>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <CodeLink code={code} />
                  <Text size="sm">{code.title}</Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {discountAmountText(code)}
                </Text>
                <Limits code={code} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Validity code={code} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{usageText(code.usedCount, code.usageLimit)}</Text>
              </Table.Td>
              <Table.Td>
                <DiscountStateBadge code={code} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function CodeCards({ items }: { items: DiscountCodeView[] }) {
  return (
    <Stack gap="sm" component="ul" m={0} p={0} hiddenFrom="sm" aria-label="فهرست کدهای تخفیف">
      {items.map((code) => (
        <Card key={code.id} component="li" padding="md" style={{ listStyle: 'none' }}>
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <CodeLink code={code} />
              <DiscountStateBadge code={code} />
            </Group>
            <Text size="sm">{code.title}</Text>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={500}>
                {discountAmountText(code)}
              </Text>
              <Text size="sm">
                <Text span size="sm" c="dimmed">
                  {'استفاده: '}
                </Text>
                {usageText(code.usedCount, code.usageLimit)}
              </Text>
            </Group>
            <Limits code={code} />
            <Validity code={code} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
