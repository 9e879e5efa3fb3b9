import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useNavigate, useParams } from 'react-router';
import { isRequestFault } from '../../../../lib/api-error';
import { ArticleIcon, EyeIcon } from '../../../../ui/icons';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { LoadFailed } from '../../../../ui/load-failed';
import { PanelPageHeader } from '../../../../ui/panel-page-header';
import { StatusMessage } from '../../../../ui/status-message';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import { type AdminArticleView, useArticle, useArticleCategories } from '../api/articles';
import { ArticleForm } from '../components/article-form';
import { ArticleStatusBadge } from '../components/article-status-badge';
import { articleDisplayStatus, publicArticlePath } from '../utils/article-form';
import { ARTICLES_PATH } from './articles-page';

const crumbs = (label: string) => [
  { label: 'کنسول کارکنان', to: ADMIN_PATH },
  { label: 'مقاله‌ها', to: ARTICLES_PATH },
  { label },
];

/** `/admin/articles/new` and `/admin/articles/:articleId`: the article editor. */
export function ArticlePage() {
  const { articleId } = useParams();
  return articleId ? <EditArticle id={articleId} /> : <NewArticle />;
}

function useCategories() {
  const { userId } = useStaffMember();
  return useArticleCategories(userId);
}

function NewArticle() {
  useDocumentTitle('مقالهٔ تازه | کنسول کارکنان ویترین');
  const navigate = useNavigate();
  const categories = useCategories();

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={crumbs('مقالهٔ تازه')}
        title="مقالهٔ تازه"
        description="تا «انتشار» را نزنید، مقاله پیش‌نویس می‌ماند و در سایت دیده نمی‌شود."
      />
      {categories.data ? (
        <ArticleForm
          categories={categories.data}
          onSaved={(article) => navigate(`${ARTICLES_PATH}/${article.id}`, { replace: true })}
        />
      ) : categories.isError ? (
        <LoadFailed title="دسته‌های مقاله بارگذاری نشد" query={categories} />
      ) : (
        <FormSkeleton />
      )}
    </Stack>
  );
}

function EditArticle({ id }: { id: string }) {
  const { userId } = useStaffMember();
  const article = useArticle(userId, id);
  const categories = useCategories();
  useDocumentTitle(`${article.data?.title ?? 'ویرایش مقاله'} | کنسول کارکنان ویترین`);

  if (article.isError && isRequestFault(article.error)) {
    return (
      <StatusMessage
        titleOrder={1}
        icon={<ArticleIcon size={32} />}
        title="این مقاله پیدا نشد"
        description="شاید نشانی نادرست باشد."
      >
        <Button component={Link} to={ARTICLES_PATH} variant="light">
          بازگشت به مقاله‌ها
        </Button>
      </StatusMessage>
    );
  }

  const data = article.data;
  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={crumbs(data?.title ?? 'ویرایش مقاله')}
        title={data?.title ?? <Skeleton height={32} width={240} />}
        badge={data && <ArticleStatusBadge status={data.status} publishedAt={data.publishedAt} />}
        actions={data && <ViewOnSite article={data} />}
      />
      {data && categories.data ? (
        <>
          <Schedule article={data} />
          <ArticleForm
            key={data.id}
            article={data}
            categories={categories.data}
            onSaved={() => {}}
          />
        </>
      ) : article.isError || categories.isError ? (
        <LoadFailed title="مقاله بارگذاری نشد" query={article.isError ? article : categories} />
      ) : (
        <FormSkeleton />
      )}
    </Stack>
  );
}

/** A published article's public page, opened beside the editor. */
function ViewOnSite({ article }: { article: AdminArticleView }) {
  if (article.status !== 'published') return null;
  return (
    <Button
      component="a"
      href={publicArticlePath(article.slug)}
      target="_blank"
      rel="noopener"
      variant="light"
      leftSection={<EyeIcon size={18} />}
    >
      مشاهده در سایت
    </Button>
  );
}

/** When a published article shows on the site: now, or from its scheduled date. */
function Schedule({ article }: { article: AdminArticleView }) {
  const status = articleDisplayStatus(article, new Date());
  if (status === 'draft' || article.publishedAt === null) return null;
  return (
    <Alert variant="light" color={status === 'scheduled' ? 'blue' : 'teal'}>
      <Text size="sm">
        {'این مقاله از '}
        <JalaliDateTime iso={article.publishedAt} />
        {status === 'scheduled'
          ? ' در سایت دیده می‌شود؛ تا آن زمان نشانی آن پیدا نمی‌شود.'
          : ' در سایت منتشر شده است.'}
      </Text>
    </Alert>
  );
}

function FormSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="در حال بارگذاری">
      <Skeleton height={40} radius="md" />
      <Skeleton height={40} radius="md" />
      <Skeleton height={300} radius="md" />
    </Stack>
  );
}
