import { subPagePath } from '@vitrin/contracts';
import { Route, Routes } from 'react-router';
import { GlobeIcon } from '../../../ui/icons';
import { NotFoundMessage } from '../../../ui/status-message';
import { RegistrarsPage } from './pages/registrars-page';
import { StaffDomainPage } from './pages/staff-domain-page';
import { StaffDomainsPage } from './pages/staff-domains-page';
import { TldsPage } from './pages/tlds-page';
import { DOMAINS_CONSOLE_PATH } from './utils/domains-console-paths';

/**
 * The console's domains section (issue 38, admins): every customer's domains with their registry
 * timeline and the staff actions, the TLDs with their prices, and the registrar accounts. Its own
 * lazy chunk.
 */
export function DomainsConsoleSection() {
  return (
    <Routes>
      <Route index element={<StaffDomainsPage />} />
      <Route path="tlds" element={<TldsPage />} />
      <Route path="registrars" element={<RegistrarsPage />} />
      <Route path={subPagePath('adminDomains', 'adminDomain')} element={<StaffDomainPage />} />
      <Route
        path="*"
        element={
          <NotFoundMessage
            icon={<GlobeIcon size={32} />}
            title="این صفحه در بخش دامنه‌ها نیست"
            description="نشانی را بررسی کنید یا از فهرست دامنه‌ها ادامه دهید."
            back={{ to: DOMAINS_CONSOLE_PATH, label: 'رفتن به فهرست دامنه‌ها' }}
          />
        }
      />
    </Routes>
  );
}
