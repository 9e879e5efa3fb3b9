import type { AdminArticleView, ArticleStatus, PathInput } from '@vitrin/contracts';
import { formatJalaliDate } from '@vitrin/fa';

// The article editor's form and the requests it sends. The publish date is typed as text and
// sent as typed (spec §5: Jalali or ISO; the server answers INVALID_DATE on the field). A saved
// date is shown as its Jalali day, and sent again only when the person changed the text, so
// saving other fields never moves a scheduled time to midnight.

export type CreateArticleRequest = PathInput<'/api/admin/catalog/create-article'>;
export type UpdateArticleRequest = PathInput<'/api/admin/catalog/update-article'>;

export interface ArticleFormValues {
  title: string;
  slug: string;
  category: string;
  summary: string;
  coverUrl: string;
  authorName: string;
  bodyHtml: string;
  publishAt: string;
}

export const EMPTY_ARTICLE_FORM: ArticleFormValues = {
  title: '',
  slug: '',
  category: '',
  summary: '',
  coverUrl: '',
  authorName: '',
  bodyHtml: '',
  publishAt: '',
};

/** The form's values for a saved article. */
export function articleFormFromView(article: AdminArticleView): ArticleFormValues {
  return {
    title: article.title,
    slug: article.slug,
    category: article.category.slug,
    summary: article.summary,
    coverUrl: article.coverUrl,
    authorName: article.authorName,
    bodyHtml: article.bodyHtml,
    publishAt: article.publishedAt ? formatJalaliDate(article.publishedAt) : '',
  };
}

/** A blank date is no date: the server dates a published article now. */
function publishAtOf(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

export function createArticleRequest(
  values: ArticleFormValues,
  status: ArticleStatus,
): CreateArticleRequest {
  const authorName = values.authorName.trim();
  return {
    title: values.title,
    slug: values.slug.trim(),
    category: values.category,
    summary: values.summary,
    coverUrl: values.coverUrl.trim(),
    bodyHtml: values.bodyHtml,
    status,
    publishAt: publishAtOf(values.publishAt),
    ...(authorName === '' ? {} : { authorName }),
  };
}

/** Every field but the date, which goes only when its text changed from the saved one. */
export function updateArticleRequest(
  id: string,
  values: ArticleFormValues,
  saved: ArticleFormValues,
  status: ArticleStatus,
): UpdateArticleRequest {
  const { authorName, publishAt, ...rest } = createArticleRequest(values, status);
  return {
    id,
    ...rest,
    ...(authorName === undefined ? {} : { authorName }),
    ...(values.publishAt.trim() === saved.publishAt.trim() ? {} : { publishAt }),
  };
}

export type ArticleDisplayStatus = ArticleStatus | 'scheduled';

export const ARTICLE_DISPLAY_STATUS: Record<
  ArticleDisplayStatus,
  { label: string; color: string }
> = {
  draft: { label: 'پیش‌نویس', color: 'gray' },
  published: { label: 'منتشرشده', color: 'teal' },
  scheduled: { label: 'زمان‌بندی‌شده', color: 'blue' },
};

/** Published with a date still to come is scheduled: the public site shows it from then. */
export function articleDisplayStatus(
  article: { status: ArticleStatus; publishedAt: string | null },
  now: Date,
): ArticleDisplayStatus {
  if (article.status === 'draft') return 'draft';
  return article.publishedAt !== null && Date.parse(article.publishedAt) > now.getTime()
    ? 'scheduled'
    : 'published';
}

/** The public address of an article. */
export function publicArticlePath(slug: string): string {
  return `/articles/${encodeURIComponent(slug)}`;
}

/** Whether the editor's HTML has any words in it (an empty editor still sends `<p></p>`). */
export function hasBodyText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() !== ''
  );
}
