import { Anchor, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { useFilterParams } from '../../../../lib/use-filter-params';
import { DiscountIcon } from '../../../../ui/icons';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { PanelPageHeader } from '../../../../ui/panel-page-header';
import { AdminListBody } from '../../../console/components/admin-list-body';
import {
  AdminListTable,
  AdminPhoneCard,
  AdminPhoneCards,
} from '../../../console/components/admin-list-table';
import { NewRecordButton } from '../../../console/components/new-record-button';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import { DISCOUNTS_PAGE_SIZE, type DiscountCodeView, useDiscountCodes } from '../api/discounts';
import { DiscountFiltersBar } from '../components/discount-filters-bar';
import { DiscountStateBadge } from '../components/discount-state-badge';
import { discountFilterCodec, hasDiscountFilters } from '../utils/discount-filters';
import { discountAmountText, usageText } from '../utils/discount-form';

export const DISCOUNTS_PATH = '/admin/discounts';

const codePath = (id: string) => `${DISCOUNTS_PATH}/${id}`;

/** The discount codes (issue 8, admins): every code with its rules and uses so far. */
export function DiscountsPage() {
  useDocumentTitle('کدهای تخفیف | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(discountFilterCodec);
  const codes = useDiscountCodes(userId, filters);

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[{ label: 'کنسول کارکنان', to: ADMIN_PATH }, { label: 'کدهای تخفیف' }]}
        title="کدهای تخفیف"
        description="هر کد با میزان تخفیف، بازهٔ اعتبار و دفعات استفاده تا کنون؛ تازه‌ترین نخست."
        actions={<NewRecordButton to={`${DISCOUNTS_PATH}/new`} label="کد تازه" />}
      />
      <DiscountFiltersBar filters={filters} setFilters={setFilters} />
      <AdminListBody
        query={codes}
        icon={<DiscountIcon size={32} />}
        empty={{
          title: 'هنوز کد تخفیفی ساخته نشده است',
          description: 'کدی بسازید تا مشتریان هنگام پرداخت به کارش ببرند.',
          action: (
            <Button component={Link} to={`${DISCOUNTS_PATH}/new`} variant="light">
              کد تازه
            </Button>
          ),
        }}
        noMatch={{
          when: hasDiscountFilters(filters) || filters.page > 1,
          title: 'کدی با این فیلترها پیدا نشد',
          description: 'فیلترها را تغییر دهید یا بردارید.',
          resetLabel: 'نمایش همهٔ کدها',
          onReset: () => setFilters({ state: null, q: '' }),
        }}
        countNoun="کد"
        page={filters.page}
        pageSize={DISCOUNTS_PAGE_SIZE}
        onPage={(page) => setFilters({ page })}
        failedTitle="کدهای تخفیف بارگذاری نشد"
        loadingLabel="در حال بارگذاری کدهای تخفیف"
      >
        {(items) => (
          <>
            <CodesTable items={items} />
            <CodeCards items={items} />
          </>
        )}
      </AdminListBody>
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

const COLUMNS = ['کد', 'تخفیف', 'اعتبار', 'استفاده', 'وضعیت'] as const;

function CodesTable({ items }: { items: DiscountCodeView[] }) {
  return (
    <AdminListTable label="فهرست کدهای تخفیف" columns={COLUMNS}>
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
    </AdminListTable>
  );
}

function CodeCards({ items }: { items: DiscountCodeView[] }) {
  return (
    <AdminPhoneCards label="فهرست کدهای تخفیف">
      {items.map((code) => (
        <AdminPhoneCard key={code.id}>
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
        </AdminPhoneCard>
      ))}
    </AdminPhoneCards>
  );
}
