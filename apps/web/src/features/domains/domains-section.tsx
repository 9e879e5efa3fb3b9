import { subPagePath } from '@vitrin/contracts';
import { Route, Routes } from 'react-router';
import { GlobeIcon } from '../../ui/icons';
import { NotFoundMessage } from '../../ui/status-message';
import { MyDomainPage } from './pages/my-domain-page';
import { MyDomainsPage } from './pages/my-domains-page';
import { DOMAINS_PATH } from './utils/domain-paths';

/**
 * The customer's domains in the panel (issue 38): the list and each domain's page, one lazy
 * chunk named once in the route table (which the home page downloads: its budget).
 */
export function DomainsSection() {
  return (
    <Routes>
      <Route index element={<MyDomainsPage />} />
      <Route path={subPagePath('myDomains', 'myDomain')} element={<MyDomainPage />} />
      <Route
        path="*"
        element={
          <NotFoundMessage
            icon={<GlobeIcon size={32} />}
            title="این صفحه در بخش دامنه‌ها نیست"
            description="نشانی را بررسی کنید یا از فهرست دامنه‌هایتان ادامه دهید."
            back={{ to: DOMAINS_PATH, label: 'رفتن به دامنه‌ها' }}
          />
        }
      />
    </Routes>
  );
}
