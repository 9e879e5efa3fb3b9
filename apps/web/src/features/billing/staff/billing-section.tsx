import { subPagePath } from '@vitrin/contracts';
import { Route, Routes } from 'react-router';
import { FileTextIcon } from '../../../ui/icons';
import { NotFoundMessage } from '../../../ui/status-message';
import { DocumentPage } from './pages/document-page';
import { DocumentsPage } from './pages/documents-page';
import { PaymentSettingsPage } from './pages/payment-settings-page';
import { SalesReportPage } from './pages/sales-report-page';
import { SellerPage } from './pages/seller-page';
import { TaxRatesPage } from './pages/tax-rates-page';
import { TaxSystemPage } from './pages/tax-system-page';
import { TransfersPage } from './pages/transfers-page';
import { BILLING_PATH } from './utils/billing-paths';

/**
 * The console's billing section (issue 21, decisions 0022 and 0023): the documents with search
 * and PDF, the card-to-card claims queue, the tax organisation's سامانه مودیان (issue 39), the
 * sales and VAT report, the VAT rate by date, the payment methods and the seller's legal details.
 * Support reads; admins review claims, change rates, payment methods, the seller and the tax
 * system's connection. Its own lazy chunk.
 */
export function AdminBillingSection() {
  return (
    <Routes>
      <Route index element={<DocumentsPage />} />
      <Route path="documents/:documentId" element={<DocumentPage />} />
      <Route path="tax-rates" element={<TaxRatesPage />} />
      <Route path="seller" element={<SellerPage />} />
      <Route path={subPagePath('adminBilling', 'adminTransfers')} element={<TransfersPage />} />
      <Route path={subPagePath('adminBilling', 'adminTaxSystem')} element={<TaxSystemPage />} />
      <Route path="payments" element={<PaymentSettingsPage />} />
      <Route path="report" element={<SalesReportPage />} />
      <Route
        path="*"
        element={
          <NotFoundMessage
            icon={<FileTextIcon size={32} />}
            title="این صفحه در بخش مالی نیست"
            description="نشانی را بررسی کنید یا از فهرست اسناد مالی ادامه دهید."
            back={{ to: BILLING_PATH, label: 'رفتن به اسناد مالی' }}
          />
        }
      />
    </Routes>
  );
}
