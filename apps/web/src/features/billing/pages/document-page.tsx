import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { BillingDocument } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { Link, useParams } from 'react-router';
import { describeApiError, isNotFoundError } from '../../../lib/api-error';
import {
  DOCUMENTS_PATH,
  documentPath,
  ORDERS_PATH,
  orderPath,
  PANEL_PATH,
} from '../../../lib/panel-paths';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { FileTextIcon } from '../../../ui/icons';
import { LoadFailed } from '../../../ui/load-failed';
import { type Crumb, PanelPageHeader, PanelPageSkeleton } from '../../../ui/panel-page-header';
import { NotFoundMessage } from '../../../ui/status-message';
import { type DocumentRequest, useBillingDocument } from '../api/get-billing-document';
import { BillingDocumentView } from '../components/billing-document-view';
import { DocumentActions } from '../components/document-actions';
import { DOCUMENT_KIND_NAMES, documentName } from '../utils/document-text';

/**
 * A billing document in the customer panel: `/account/documents/:documentId` for one by its id,
 * `/account/orders/:orderId/document` for an order's current one (pro-forma, then invoice).
 */
export function DocumentPage() {
  const userId = useSignedInUserId();
  const { documentId, orderId } = useParams();
  const request: DocumentRequest = documentId ? { documentId } : { orderId: orderId ?? '' };
  const document = useBillingDocument(userId, request);
  const data = document.data;
  const notFound = isNotFoundError(document.error);
  useDocumentTitle(
    data
      ? `${documentName(data)} | ویترین`
      : notFound
        ? 'سند پیدا نشد | ویترین'
        : 'صورتحساب | ویترین',
  );

  if (notFound && !data) {
    return (
      <NotFoundMessage
        icon={<FileTextIcon size={32} />}
        title={orderId ? 'سند این سفارش در دسترس نیست' : 'سندی با این نشانی پیدا نشد'}
        // The server says why: an unknown order, or one paid before invoices were issued.
        description={describeApiError(document.error)}
        back={
          orderId
            ? { to: orderPath(orderId), label: 'بازگشت به سفارش' }
            : { to: DOCUMENTS_PATH, label: 'رفتن به صورتحساب‌ها' }
        }
      />
    );
  }
  if (document.error && !data) {
    return <LoadFailed titleOrder={1} title="این سند بارگذاری نشد" query={document} />;
  }
  if (!data) {
    return (
      <PanelPageSkeleton label="در حال بارگذاری سند" titleWidth={300}>
        <Skeleton height={40} width={240} radius="md" />
        <Skeleton height={640} radius="md" />
      </PanelPageSkeleton>
    );
  }

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={crumbsOf(data)}
        title={documentName(data)}
        description={describe(data)}
        actions={
          <DocumentActions
            request={request}
            name={{ number: data.number, orderNumber: data.order?.number ?? null }}
            withPrint
          />
        }
      />
      <BillingDocumentView document={data} />
    </Stack>
  );
}

/** The way back: through the order a document is for, or the list of documents. */
function crumbsOf(document: BillingDocument): Crumb[] {
  const here = { label: DOCUMENT_KIND_NAMES[document.kind] };
  if (document.kind === 'proforma' && document.order) {
    return [
      { label: 'پیشخوان', to: PANEL_PATH },
      { label: 'سفارش‌ها', to: ORDERS_PATH },
      {
        label: `سفارش ${toPersianDigits(document.order.number)}`,
        to: orderPath(document.order.id),
      },
      here,
    ];
  }
  return [{ label: 'پیشخوان', to: PANEL_PATH }, { label: 'صورتحساب‌ها', to: DOCUMENTS_PATH }, here];
}

/** A line under the title: the order it is for, and the invoice a credit note refers to. */
function describe(document: BillingDocument) {
  if (!document.order && !document.refersTo) return undefined;
  return (
    <Text span size="sm">
      {document.order && (
        <>
          {'سفارش '}
          <Anchor component={Link} to={orderPath(document.order.id)} size="sm">
            {toPersianDigits(document.order.number)}
          </Anchor>
        </>
      )}
      {document.order && document.refersTo && ' · '}
      {document.refersTo && (
        <>
          {'عطف به صورتحساب '}
          <Anchor component={Link} to={documentPath(document.refersTo.id)} size="sm">
            <bdi dir="ltr">{document.refersTo.number}</bdi>
          </Anchor>
        </>
      )}
    </Text>
  );
}
