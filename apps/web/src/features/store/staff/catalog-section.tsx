import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../../ui/not-found-page';
import { CatalogGroupPage, CatalogNewGroupPage } from './pages/catalog-group-page';
import { CatalogGroupsPage } from './pages/catalog-groups-page';
import { CatalogNewProductPage, CatalogProductPage } from './pages/catalog-product-page';
import { CatalogProductsPage } from './pages/catalog-products-page';
import { CatalogNewThemePage, CatalogThemePage } from './pages/catalog-theme-page';
import { CatalogThemesPage } from './pages/catalog-themes-page';

/**
 * The console's catalog section (admins only): products with their prices, groups with their
 * comparison tables, and themes with their preview images. Its own lazy chunk.
 */
export function CatalogSection() {
  return (
    <Routes>
      <Route index element={<CatalogProductsPage />} />
      <Route path="products/new" element={<CatalogNewProductPage />} />
      <Route path="products/:productId" element={<CatalogProductPage />} />
      <Route path="groups" element={<CatalogGroupsPage />} />
      <Route path="groups/new" element={<CatalogNewGroupPage />} />
      <Route path="groups/:groupId" element={<CatalogGroupPage />} />
      <Route path="themes" element={<CatalogThemesPage />} />
      <Route path="themes/new" element={<CatalogNewThemePage />} />
      <Route path="themes/:themeId" element={<CatalogThemePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
