import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { Link, useParams } from 'react-router';
import { isNotFoundError } from '../../../../lib/api-error';
import { FileTextIcon } from '../../../../ui/icons';
import { LoadFailed } from '../../../../ui/load-failed';
import { PanelPageHeader, PanelPageSkeleton } from '../../../../ui/panel-page-header';
import { NotFoundMessage } from '../../../../ui/status-message';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import { BillingDocumentView } from '../../components/billing-document-view';
import { documentName } from '../../utils/document-text';
import { type StaffBillingDocument, useBillingDocument } from '../api/billing-documents';
import { SECTION_LABEL } from '../components/billing-header';
import { DocumentNumber } from '../components/document-number';
import { DocumentPdfButton } from '../components/document-pdf-button';
import { BILLING_PATH, billingDocumentPath, staffOrderPath } from '../utils/billing-paths';
import { DOCUMENT_KIND_LABELS } from '../utils/document-filters';

/** One document as issued, with its PDF, its order and the invoice a credit note refers to. */
export function DocumentPage() {
  const { userId } = useStaffMember();
  const { documentId = '' } = useParams();
  const query = useBillingDocument(userId, documentId);
  const data = query.data;
  const notFound = isNotFoundError(query.error);
  useDocumentTitle(
    `${data ? documentName(data) : notFound ? 'سند پیدا نشد' : 'سند مالی'} | کنسول کارکنان ویترین`,
  );

  if (notFound) {
    return (
      <NotFoundMessage
        icon={<FileTextIcon size={32} />}
        title="سندی با این نشانی پیدا نشد"
        description="شاید نشانی را اشتباه وارد کرده‌اید. سند را در فهرست اسناد با شماره‌اش یا نام خریدار پیدا کنید."
        back={{ to: BILLING_PATH, label: 'رفتن به اسناد مالی' }}
      />
    );
  }
  if (query.error && !data) {
    return <LoadFailed titleOrder={1} title="این سند بارگذاری نشد" query={query} />;
  }
  if (!data) {
    return (
      <PanelPageSkeleton label="در حال بارگذاری سند" crumbsWidth={220} titleWidth={320}>
        <Skeleton height={520} radius="md" />
      </PanelPageSkeleton>
    );
  }
  return <DocumentDetails document={data} />;
}

function DocumentDetails({ document }: { document: StaffBillingDocument }) {
  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[
          { label: 'کنسول کارکنان', to: ADMIN_PATH },
          { label: SECTION_LABEL, to: BILLING_PATH },
          // Isolated left to right, as the number is printed (a string: crumbs take no markup).
          { label: document.number ? `\u2066${document.number}\u2069` : document.title },
        ]}
        title={
          <>
            {`${DOCUMENT_KIND_LABELS[document.kind]} `}
            {document.number && <DocumentNumber number={document.number} />}
          </>
        }
        actions={<DocumentPdfButton document={document} />}
        description={<DocumentLinks document={document} />}
      />
      <BillingDocumentView document={document} />
    </Stack>
  );
}

/** Where the document leads in the console: its order, and a credit note's invoice. */
function DocumentLinks({ document }: { document: StaffBillingDocument }) {
  if (!document.order && !document.refersTo) return null;
  return (
    <Group component="span" gap="lg" wrap="wrap">
      {document.order && (
        <Text span size="sm">
          {'سفارش: '}
          <Anchor component={Link} to={staffOrderPath(document.order.id)} size="sm">
            {`سفارش ${toPersianDigits(document.order.number)}`}
          </Anchor>
        </Text>
      )}
      {document.refersTo && (
        <Text span size="sm">
          {'عطف به صورتحساب: '}
          <Anchor component={Link} to={billingDocumentPath(document.refersTo.id)} size="sm">
            <DocumentNumber number={document.refersTo.number} />
          </Anchor>
        </Text>
      )}
    </Group>
  );
}
