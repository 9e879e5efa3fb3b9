import { Route, Routes } from 'react-router';
import { AlertIcon } from '../../../ui/icons';
import { NotFoundMessage } from '../../../ui/status-message';
import { CLIENT_ERRORS_PATH } from '../../console/utils/admin-sections';
import { ClientErrorGroupPage } from './pages/client-error-group-page';
import { ClientErrorsPage } from './pages/client-errors-page';

/**
 * The console's error reports (issue 23, admins): the errors customers' browsers and the
 * Android app reported, grouped, and each group's reports. Its own lazy chunk.
 */
export function ClientErrorsSection() {
  return (
    <Routes>
      <Route index element={<ClientErrorsPage />} />
      <Route path=":groupId" element={<ClientErrorGroupPage />} />
      <Route
        path="*"
        element={
          <NotFoundMessage
            icon={<AlertIcon size={32} />}
            title="این صفحه در بخش گزارش خطاها نیست"
            description="نشانی را بررسی کنید یا از فهرست خطاها ادامه دهید."
            back={{ to: CLIENT_ERRORS_PATH, label: 'رفتن به گزارش خطاها' }}
          />
        }
      />
    </Routes>
  );
}
