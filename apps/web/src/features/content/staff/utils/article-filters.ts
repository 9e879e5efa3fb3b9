import { ARTICLE_STATUSES, type ArticleStatus } from '@vitrin/contracts';
import { readChoice, readPage, readSearchText, toSearchParams } from '../../../../lib/url-params';

// The articles list's filters live in the address (?status=&category=&q=&page=), so a shared
// link shows the same rows. An unknown status is no filter; a category is left to the server,
// which knows the categories.

export interface ArticleFilters {
  status: ArticleStatus | null;
  category: string | null;
  q: string;
  page: number;
}

function isArticleStatus(value: string): value is ArticleStatus {
  return (ARTICLE_STATUSES as readonly string[]).includes(value);
}

export const articleFilterCodec = {
  parse: (params: URLSearchParams): ArticleFilters => {
    const status = readChoice(params, 'status');
    return {
      status: status !== null && isArticleStatus(status) ? status : null,
      category: readChoice(params, 'category'),
      q: readSearchText(params),
      page: readPage(params),
    };
  },
  write: (filters: ArticleFilters) =>
    toSearchParams([
      ['status', filters.status],
      ['category', filters.category],
      ['q', filters.q.trim()],
      ['page', filters.page],
    ]),
};

export function hasArticleFilters(filters: ArticleFilters): boolean {
  return filters.status !== null || filters.category !== null || filters.q !== '';
}
