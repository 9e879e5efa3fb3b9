import { Anchor, Badge, Button, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { BillingDocumentKind } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { cursorPageCodec, type ListMove, trailState } from '../../../lib/list-cursor';
import { tomanText } from '../../../lib/money';
import { documentPath, orderPath, PANEL_PATH } from '../../../lib/panel-paths';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { useFilterParams } from '../../../lib/use-filter-params';
import { CursorPagination, CursorRefused, cursorRefusal } from '../../../ui/cursor-pagination';
import { FileTextIcon } from '../../../ui/icons';
import { JalaliDate } from '../../../ui/jalali-date-time';
import { ListCard, NameLink } from '../../../ui/list-card';
import { LoadFailed } from '../../../ui/load-failed';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { StatusMessage } from '../../../ui/status-message';
import {
  type BillingDocumentSummary,
  DOCUMENTS_PAGE_SIZE,
  useBillingDocuments,
} from '../api/list-billing-documents';
import { DOCUMENT_KIND_NAMES } from '../utils/document-text';
import classes from './documents-page.module.css';

const KIND_COLORS: Record<BillingDocumentKind, string> = {
  proforma: 'gray',
  sales: 'teal',
  'credit-note': 'orange',
  receipt: 'indigo',
};

/** «صورتحساب‌ها»: the person's invoices, credit notes and receipts, newest first. */
export function DocumentsPage() {
  useDocumentTitle('صورتحساب‌ها | ویترین');
  const userId = useSignedInUserId();
  const [filters, setFilters] = useFilterParams(cursorPageCodec);
  const documents = useBillingDocuments(userId, filters);
  const onMove = ({ trail, ...place }: ListMove) => setFilters(place, { state: trailState(trail) });
  const data = documents.data;
  const refusal = cursorRefusal(documents.error);

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[{ label: 'پیشخوان', to: PANEL_PATH }, { label: 'صورتحساب‌ها' }]}
        title="صورتحساب‌ها"
        description="صورتحساب هر سفارش پرداخت‌شده، برگشت از فروش‌ها و رسید افزایش اعتبار، تازه‌ترین اول."
        actions={
          documents.isFetching && data ? (
            <Loader size="xs" type="dots" aria-label="در حال به‌روزرسانی" />
          ) : undefined
        }
      />
      {data ? (
        data.items.length === 0 && data.page === 1 ? (
          <StatusMessage
            icon={<FileTextIcon size={32} />}
            title="هنوز صورتحسابی ندارید"
            description="صورتحساب هر سفارش پس از پرداخت آن صادر می‌شود و اینجا می‌آید؛ پیش‌فاکتور سفارش پرداخت‌نشده در صفحهٔ همان سفارش است."
          >
            <Button component={Link} to="/store" mt="sm">
              رفتن به فروشگاه
            </Button>
          </StatusMessage>
        ) : (
          <>
            <Stack
              gap="sm"
              component="ul"
              m={0}
              p={0}
              aria-label="فهرست صورتحساب‌ها"
              style={{ opacity: documents.isPlaceholderData ? 0.6 : 1 }}
            >
              {data.items.map((document) => (
                <DocumentRow key={document.id} document={document} />
              ))}
            </Stack>
            <CursorPagination
              position={filters}
              pageSize={DOCUMENTS_PAGE_SIZE}
              answer={data}
              onMove={onMove}
              answerIsPrevious={documents.isPlaceholderData}
            />
          </>
        )
      ) : documents.isError ? (
        refusal ? (
          <CursorRefused message={refusal} onMove={onMove} />
        ) : (
          <LoadFailed title="صورتحساب‌های شما بارگذاری نشد" query={documents} />
        )
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label="در حال بارگذاری صورتحساب‌ها">
          <Skeleton height={84} radius="lg" />
          <Skeleton height={84} radius="lg" />
          <Skeleton height={84} radius="lg" />
        </Stack>
      )}
    </Stack>
  );
}

/** One document: kind and number, date and order, its total, and the way to it. */
function DocumentRow({ document }: { document: BillingDocumentSummary }) {
  const kind = DOCUMENT_KIND_NAMES[document.kind];
  return (
    <ListCard label={`${kind} ${document.number}`}>
      <div className={classes.grid}>
        <Stack gap={2} className={classes.info}>
          <Group gap="xs">
            <NameLink to={documentPath(document.id)}>
              <bdi dir="ltr">{document.number}</bdi>
            </NameLink>
            <Badge variant="light" color={KIND_COLORS[document.kind]} size="sm">
              {kind}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            <JalaliDate iso={document.issuedAt} />
            {document.order && (
              <>
                {' · '}
                <Anchor component={Link} to={orderPath(document.order.id)} size="xs">
                  سفارش {toPersianDigits(document.order.number)}
                </Anchor>
              </>
            )}
          </Text>
        </Stack>
        <Stack gap={0} className={classes.amount}>
          <Text size="sm" fw={800} style={{ whiteSpace: 'nowrap' }}>
            {tomanText(document.totalRial)}
          </Text>
          {document.vatRial > 0 && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              مالیات: {tomanText(document.vatRial)}
            </Text>
          )}
        </Stack>
        <div className={classes.action}>
          <Button
            component={Link}
            to={documentPath(document.id)}
            size="xs"
            variant="default"
            aria-label={`مشاهدهٔ ${kind} ${document.number}`}
          >
            مشاهده
          </Button>
        </div>
      </div>
    </ListCard>
  );
}
