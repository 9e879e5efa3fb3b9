import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { tomanText } from '../../../../lib/money';
import { GlobeIcon } from '../../../../ui/icons';
import { ListCard } from '../../../../ui/list-card';
import { AdminListBody } from '../../../console/components/admin-list-body';
import { AdminListTable, AdminPhoneCards } from '../../../console/components/admin-list-table';
import { useStaffMember } from '../../../console/utils/staff-context';
import { useStaffTlds } from '../api/tlds';
import { DomainsConsoleHeader, SECTION_LABEL } from '../components/domains-console-header';
import { DomainsConsoleTabs } from '../components/domains-console-tabs';
import { TldEditDialog } from '../components/tld-edit-dialog';
import { TldName, tldLabel } from '../components/tld-name';
import { type StaffTld, yearsText } from '../utils/tld-form';

const TITLE = 'پسوندها و قیمت‌ها';
const LABEL = 'فهرست پسوندها';
const COLUMNS = ['پسوند', 'ثبت‌کننده', 'مدت‌ها', 'قیمت‌ها', 'مهلت‌ها', 'دامنه‌ها', 'وضعیت'] as const;
/** The TLDs come as one list: the list body shows it whole, without pages. */
const WHOLE_LIST = Number.MAX_SAFE_INTEGER;

/** The TLDs on sale (issue 38, admins): each one's registrar, terms and yearly prices. */
export function TldsPage() {
  useDocumentTitle(`${TITLE} | ${SECTION_LABEL} | کنسول کارکنان ویترین`);
  const { userId } = useStaffMember();
  const tlds = useStaffTlds(userId);

  return (
    <Stack gap="lg">
      <DomainsConsoleHeader
        page={TITLE}
        description="پسوندهایی که در جست‌وجوی دامنه فروخته می‌شوند، با حساب ثبت‌کننده، مدت‌ها و قیمت سالانه به تومان و بی‌مالیات. قیمت ثبت همان قیمت محصول پسوند در فروشگاه هم می‌شود."
      />
      <DomainsConsoleTabs active="tlds" />
      <AdminListBody
        query={tlds}
        icon={<GlobeIcon size={32} />}
        empty={{
          title: 'هنوز پسوندی تعریف نشده است',
          description: 'تا پسوندی نباشد، جست‌وجوی دامنه چیزی برای فروش نشان نمی‌دهد.',
        }}
        countNoun="پسوند"
        showRefreshing={false}
        page={1}
        pageSize={WHOLE_LIST}
        onPage={() => undefined}
        failedTitle="پسوندها بارگذاری نشد"
        loadingLabel="در حال بارگذاری پسوندها"
        skeletonCount={3}
      >
        {(items) => (
          <>
            <AdminListTable label={LABEL} columns={COLUMNS} hiddenColumn="کارها">
              {items.map((tld) => (
                <Table.Tr key={tld.tld}>
                  <Table.Td>
                    <TldName tld={tld.tld} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      <bdi>{tld.registrarName}</bdi>
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{yearsText(tld.years)}</Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <TldPrices tld={tld} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <TldDays tld={tld} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{toPersianDigits(tld.domains)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <TldBadges tld={tld} />
                  </Table.Td>
                  <Table.Td>
                    <TldEditDialog staffId={userId} tld={tld} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </AdminListTable>
            <AdminPhoneCards label={LABEL}>
              {items.map((tld) => (
                <ListCard key={tld.tld} label={tldLabel(tld.tld)}>
                  <Stack gap={8}>
                    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                      <TldName tld={tld.tld} size="md" />
                      <TldBadges tld={tld} />
                    </Group>
                    <Group gap="md" wrap="wrap">
                      <Text size="xs" c="dimmed">
                        {'ثبت‌کننده: '}
                        <bdi>{tld.registrarName}</bdi>
                      </Text>
                      <Text size="xs" c="dimmed">{`مدت‌ها: ${yearsText(tld.years)}`}</Text>
                      <Text size="xs" c="dimmed">
                        {`${toPersianDigits(tld.domains)} دامنه`}
                      </Text>
                    </Group>
                    <TldPrices tld={tld} />
                    <TldDays tld={tld} />
                    <Group>
                      <TldEditDialog staffId={userId} tld={tld} />
                    </Group>
                  </Stack>
                </ListCard>
              ))}
            </AdminPhoneCards>
          </>
        )}
      </AdminListBody>
    </Stack>
  );
}

/** The yearly prices, one a line: what the store charges before VAT. */
function TldPrices({ tld }: { tld: StaffTld }) {
  const rows: Array<[string, number]> = [
    ['ثبت', tld.registerPriceRial],
    ['تمدید', tld.renewPriceRial],
    ['انتقال', tld.transferPriceRial],
    ['بازگردانی', tld.restorePriceRial],
  ];
  return (
    <Stack gap={0}>
      {rows.map(([label, rial]) => (
        <Text key={label} size="sm">
          <Text span size="sm" c="dimmed">{`${label}: `}</Text>
          {rial === 0 ? 'رایگان' : tomanText(rial)}
        </Text>
      ))}
    </Stack>
  );
}

function TldDays({ tld }: { tld: StaffTld }) {
  return (
    <Stack gap={0}>
      <Text size="sm">
        <Text span size="sm" c="dimmed">
          {'مهلت تمدید: '}
        </Text>
        {`${toPersianDigits(tld.graceDays)} روز`}
      </Text>
      <Text size="sm">
        <Text span size="sm" c="dimmed">
          {'بازخرید: '}
        </Text>
        {`${toPersianDigits(tld.redemptionDays)} روز`}
      </Text>
    </Stack>
  );
}

function TldBadges({ tld }: { tld: StaffTld }) {
  return (
    <Stack gap={4} w="max-content" style={{ flex: 'none' }}>
      <Badge variant="light" color={tld.enabled ? 'teal' : 'gray'}>
        {tld.enabled ? 'در فروش' : 'خاموش'}
      </Badge>
      {tld.authCodeRequired && (
        <Badge variant="light" color="blue" size="sm">
          کد انتقال
        </Badge>
      )}
    </Stack>
  );
}
