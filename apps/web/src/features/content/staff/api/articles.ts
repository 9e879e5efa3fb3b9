import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type AdminArticleView,
  CATALOG_IMAGE_UPLOAD_PATH,
  type PathInput,
  type PathResult,
  type uploadedCatalogImage,
} from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import { uploadFile } from '../../../../lib/upload-file';
import type { ArticleFilters } from '../utils/article-filters';
import type { CreateArticleRequest, UpdateArticleRequest } from '../utils/article-form';

export const ARTICLES_PAGE_SIZE = 20;

type ListArticlesPath = '/api/admin/catalog/list-articles';
export type ArticlesPage = PathResult<ListArticlesPath>;
export type ArticleRow = ArticlesPage['items'][number];
export type ArticleCategory = ArticlesPage['categories'][number];
export type { AdminArticleView };

const articlesKey = (userId: string) => ['admin', userId, 'articles'] as const;

/** One page of articles, the last edited first, with every category for the filter. */
export function fetchArticles(filters: ArticleFilters, signal?: AbortSignal) {
  const input: PathInput<ListArticlesPath> = { page: filters.page, pageSize: ARTICLES_PAGE_SIZE };
  if (filters.status) input.status = filters.status;
  if (filters.category) input.category = filters.category;
  if (filters.q) input.q = filters.q;
  return callAsUser('/api/admin/catalog/list-articles', input, { signal, silent: true });
}

export function articlesQueryOptions(userId: string, filters: ArticleFilters) {
  return queryOptions({
    queryKey: [
      ...articlesKey(userId),
      'list',
      filters.status ?? 'all',
      filters.category ?? 'all',
      filters.q,
      filters.page,
    ],
    queryFn: ({ signal }) => fetchArticles(filters, signal),
    placeholderData: keepPreviousData,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useArticles(userId: string, filters: ArticleFilters) {
  return useQuery(articlesQueryOptions(userId, filters));
}

/** The article categories (the list call answers them with any page; one row is enough). */
export function useArticleCategories(userId: string) {
  return useQuery({
    queryKey: [...articlesKey(userId), 'categories'],
    queryFn: ({ signal }) =>
      callAsUser(
        '/api/admin/catalog/list-articles',
        { page: 1, pageSize: 1 },
        { signal, silent: true },
      ).then((page) => page.categories),
    staleTime: 5 * 60_000,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function articleQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: [...articlesKey(userId), 'article', id],
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/catalog/get-article', { id }, { signal, silent: true }),
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useArticle(userId: string, id: string) {
  return useQuery(articleQueryOptions(userId, id));
}

/** Writes an article; the lists refetch and the saved article is put in place. */
export function useSaveArticle(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateArticleRequest | UpdateArticleRequest) =>
      'id' in request
        ? callAsUser('/api/admin/catalog/update-article', request, { silent: true })
        : callAsUser('/api/admin/catalog/create-article', request, { silent: true }),
    onSuccess: (article) => {
      queryClient.setQueryData(articleQueryOptions(userId, article.id).queryKey, article);
      return queryClient.invalidateQueries({ queryKey: [...articlesKey(userId), 'list'] });
    },
  });
}

export type UploadedImage = ReturnType<typeof uploadedCatalogImage.parse>;

/** Uploads a cover image (JPEG, PNG or WebP, ≤ 2 MB); answers the path it is served at. */
export function uploadArticleCover(file: File, signal?: AbortSignal) {
  return uploadFile<UploadedImage>(CATALOG_IMAGE_UPLOAD_PATH, file, { signal });
}
