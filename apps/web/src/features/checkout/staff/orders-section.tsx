import { Route, Routes } from 'react-router';
import { BagIcon } from '../../../ui/icons';
import { NotFoundMessage } from '../../../ui/status-message';
import { OrderPage } from './pages/order-page';
import { OrdersPage } from './pages/orders-page';
import { ADMIN_ORDERS_PATH } from './utils/order-paths';

/** The console's orders section: its own lazy chunk, with its pages routed under it. */
export function OrdersSection() {
  return (
    <Routes>
      <Route index element={<OrdersPage />} />
      <Route path=":orderId" element={<OrderPage />} />
      <Route
        path="*"
        element={
          <NotFoundMessage
            icon={<BagIcon size={32} />}
            title="این صفحه در بخش سفارش‌ها نیست"
            description="نشانی را بررسی کنید یا از فهرست سفارش‌ها ادامه دهید."
            back={{ to: ADMIN_ORDERS_PATH, label: 'رفتن به سفارش‌ها' }}
          />
        }
      />
    </Routes>
  );
}
