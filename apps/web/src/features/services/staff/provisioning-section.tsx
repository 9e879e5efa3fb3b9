import { subPagePath } from '@vitrin/contracts';
import { Route, Routes } from 'react-router';
import { ServerIcon } from '../../../ui/icons';
import { NotFoundMessage } from '../../../ui/status-message';
import { DeliveryQueuePage } from './pages/delivery-queue-page';
import { PanelServersPage } from './pages/panel-servers-page';
import { ProductDeliveryPage } from './pages/product-delivery-page';
import { ServiceTimelinePage } from './pages/service-timeline-page';
import { SetupQueuePage } from './pages/setup-queue-page';
import { PROVISIONING_PATH } from './utils/provisioning-paths';

/**
 * The console's provisioning section (issue 20, admins): the failed-setup queue, each service's
 * timeline with its panel calls, the panel servers and which products they deliver. Its own
 * lazy chunk.
 */
export function ProvisioningSection() {
  return (
    <Routes>
      <Route index element={<SetupQueuePage />} />
      <Route
        path={subPagePath('adminProvisioning', 'adminProvisioningService')}
        element={<ServiceTimelinePage />}
      />
      <Route
        path={subPagePath('adminProvisioning', 'adminDeliveryQueue')}
        element={<DeliveryQueuePage />}
      />
      <Route path="servers" element={<PanelServersPage />} />
      <Route path="products" element={<ProductDeliveryPage />} />
      <Route
        path="*"
        element={
          <NotFoundMessage
            icon={<ServerIcon size={32} />}
            title="این صفحه در بخش راه‌اندازی سرویس‌ها نیست"
            description="نشانی را بررسی کنید یا از صف راه‌اندازی ادامه دهید."
            back={{ to: PROVISIONING_PATH, label: 'رفتن به صف راه‌اندازی' }}
          />
        }
      />
    </Routes>
  );
}
