import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../../ui/not-found-page';
import { DiscountPage } from './pages/discount-page';
import { DiscountsPage } from './pages/discounts-page';

/** The console's discount codes section: its own lazy chunk, with its pages routed under it. */
export function DiscountsSection() {
  return (
    <Routes>
      <Route index element={<DiscountsPage />} />
      <Route path="new" element={<DiscountPage />} />
      <Route path=":codeId" element={<DiscountPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
