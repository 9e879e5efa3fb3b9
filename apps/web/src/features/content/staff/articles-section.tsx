import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../../ui/not-found-page';
import { ArticlePage } from './pages/article-page';
import { ArticlesPage } from './pages/articles-page';

/** The console's articles section: its own lazy chunk (with the rich-text editor in it). */
export function ArticlesSection() {
  return (
    <Routes>
      <Route index element={<ArticlesPage />} />
      <Route path="new" element={<ArticlePage />} />
      <Route path=":articleId" element={<ArticlePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
