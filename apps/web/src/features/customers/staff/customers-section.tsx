import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../../ui/not-found-page';
import { CustomerPage } from './pages/customer-page';
import { CustomersPage } from './pages/customers-page';

/** The console's customers section: its own lazy chunk, with its pages routed under it. */
export function CustomersSection() {
  return (
    <Routes>
      <Route index element={<CustomersPage />} />
      <Route path=":customerId" element={<CustomerPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
