import {
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { ArticleStatus } from '@vitrin/contracts';
import { type FormEvent, useState } from 'react';
import { ApiRequestError } from '../../../../lib/api-error';
import { fieldError } from '../../../../lib/field-error';
import { showSuccessToast } from '../../../../lib/toast';
import { saveErrorSummary } from '../../../console/utils/save-error-summary';
import { useStaffMember } from '../../../console/utils/staff-context';
import { type AdminArticleView, type ArticleCategory, useSaveArticle } from '../api/articles';
import {
  type ArticleFormValues,
  articleFormFromView,
  createArticleRequest,
  EMPTY_ARTICLE_FORM,
  hasBodyText,
  updateArticleRequest,
} from '../utils/article-form';
import { ArticleCoverField } from './article-cover-field';
import { RichTextField } from './rich-text-field';

const FORM_FIELDS = [
  'title',
  'slug',
  'category',
  'summary',
  'coverUrl',
  'authorName',
  'bodyHtml',
  'publishAt',
  'status',
] as const;

interface ArticleFormProps {
  /** The saved article; none for a new one. */
  article?: AdminArticleView;
  categories: readonly ArticleCategory[];
  onSaved: (article: AdminArticleView) => void;
}

/**
 * The article editor: every field of the article, the body in the rich-text editor, and the
 * publish date as Jalali text. «ذخیرهٔ پیش‌نویس» keeps it off the site; «انتشار» publishes it
 * (now, or on the date given). The server's errors show under their fields.
 */
export function ArticleForm({ article, categories, onSaved }: ArticleFormProps) {
  const { userId } = useStaffMember();
  const save = useSaveArticle(userId);
  const [saved, setSaved] = useState<ArticleFormValues>(() =>
    article
      ? articleFormFromView(article)
      : { ...EMPTY_ARTICLE_FORM, category: categories[0]?.slug ?? '' },
  );
  const [values, setValues] = useState<ArticleFormValues>(saved);
  const [bodyMissing, setBodyMissing] = useState(false);
  const [submitted, setSubmitted] = useState<ArticleStatus | null>(null);

  // Fields changed since the last answer: their old error no longer describes what is typed.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());

  const set = <K extends keyof ArticleFormValues>(key: K, value: ArticleFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setEdited((current) => new Set(current).add(key));
  };
  const errorOf = (field: (typeof FORM_FIELDS)[number]) =>
    edited.has(field) ? undefined : fieldError(save.error, field);

  const submit = async (status: ArticleStatus) => {
    setSubmitted(status);
    if (!hasBodyText(values.bodyHtml)) {
      setBodyMissing(true);
      return;
    }
    setBodyMissing(false);
    setEdited(new Set());
    try {
      const result = await save.mutateAsync(
        article
          ? updateArticleRequest(article.id, values, saved, status)
          : createArticleRequest(values, status),
      );
      const next = articleFormFromView(result);
      setSaved(next);
      setValues((current) => ({ ...current, publishAt: next.publishAt, slug: next.slug }));
      showSuccessToast(status === 'published' ? 'مقاله منتشر شد' : 'پیش‌نویس ذخیره شد');
      onSaved(result);
    } catch {
      // Shown in the form: under the fields, and what is not about a field above the buttons.
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(article?.status ?? 'draft');
  };

  const published = article?.status === 'published';
  const bodyError = bodyMissing ? 'متن مقاله را بنویسید' : errorOf('bodyHtml');

  return (
    <form onSubmit={onSubmit} noValidate aria-label={article ? 'ویرایش مقاله' : 'مقالهٔ تازه'}>
      <Stack gap="lg">
        <Card padding="lg">
          <Stack gap="md">
            <TextInput
              label="عنوان"
              required
              maxLength={200}
              value={values.title}
              onChange={(event) => set('title', event.currentTarget.value)}
              error={errorOf('title')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="نامک (بخش پایانی نشانی)"
                description="حروف کوچک لاتین، رقم و خط تیره؛ مثلا choose-hosting"
                required
                dir="ltr"
                maxLength={80}
                value={values.slug}
                onChange={(event) => set('slug', event.currentTarget.value)}
                error={errorOf('slug')}
              />
              <NativeSelect
                label="دسته"
                required
                value={values.category}
                onChange={(event) => set('category', event.currentTarget.value)}
                data={categories.map((category) => ({
                  value: category.slug,
                  label: category.name,
                }))}
                error={errorOf('category')}
              />
            </SimpleGrid>
            <Textarea
              label="خلاصه"
              description="در فهرست مقاله‌ها و زیر عنوان می‌آید."
              required
              autosize
              minRows={2}
              maxLength={600}
              value={values.summary}
              onChange={(event) => set('summary', event.currentTarget.value)}
              error={errorOf('summary')}
            />
            <ArticleCoverField
              value={values.coverUrl}
              onChange={(path) => set('coverUrl', path)}
              error={errorOf('coverUrl')}
            />
            <RichTextField
              label="متن مقاله"
              description="فقط سرتیتر، قالب‌بندی متن، فهرست، نقل قول، پیوند و کد نگه داشته می‌شود."
              required
              initialHtml={saved.bodyHtml}
              onChange={(html) => {
                set('bodyHtml', html);
                if (bodyMissing && hasBodyText(html)) setBodyMissing(false);
              }}
              error={bodyError}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="تاریخ انتشار"
                description="شمسی یا ISO. خالی: هنگام انتشار، همین حالا. تاریخی در آینده مقاله را زمان‌بندی می‌کند."
                placeholder="۱۴۰۵/۰۹/۰۱"
                dir="rtl"
                maxLength={64}
                value={values.publishAt}
                onChange={(event) => set('publishAt', event.currentTarget.value)}
                error={errorOf('publishAt')}
              />
              <TextInput
                label="نویسنده"
                description="خالی: نام شما"
                maxLength={80}
                value={values.authorName}
                onChange={(event) => set('authorName', event.currentTarget.value)}
                error={errorOf('authorName')}
              />
            </SimpleGrid>
          </Stack>
        </Card>
        {save.error !== null && (
          <Alert color="red" variant="light" role="alert">
            {save.error instanceof ApiRequestError
              ? saveErrorSummary(save.error, FORM_FIELDS)
              : 'ذخیره نشد؛ دوباره تلاش کنید.'}
          </Alert>
        )}
        <Group gap="sm">
          {published ? (
            <>
              <Button type="submit" loading={save.isPending && submitted === 'published'}>
                ذخیرهٔ تغییرات
              </Button>
              <Button
                variant="default"
                loading={save.isPending && submitted === 'draft'}
                disabled={save.isPending}
                onClick={() => void submit('draft')}
              >
                بازگرداندن به پیش‌نویس
              </Button>
            </>
          ) : (
            <>
              <Button
                onClick={() => void submit('published')}
                loading={save.isPending && submitted === 'published'}
                disabled={save.isPending}
              >
                انتشار
              </Button>
              <Button
                type="submit"
                variant="default"
                loading={save.isPending && submitted === 'draft'}
                disabled={save.isPending}
              >
                ذخیرهٔ پیش‌نویس
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </form>
  );
}
