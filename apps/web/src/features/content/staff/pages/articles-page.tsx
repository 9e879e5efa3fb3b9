import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { useFilterParams } from '../../../../lib/use-filter-params';
import { ArticleIcon } from '../../../../ui/icons';
import { JalaliDateTime } from '../../../../ui/jalali-date-time';
import { PanelPageHeader } from '../../../../ui/panel-page-header';
import { AdminListBody } from '../../../console/components/admin-list-body';
import {
  AdminListTable,
  AdminPhoneCard,
  AdminPhoneCards,
} from '../../../console/components/admin-list-table';
import { NewRecordButton } from '../../../console/components/new-record-button';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import { ARTICLES_PAGE_SIZE, type ArticleRow, useArticles } from '../api/articles';
import { ArticleFiltersBar } from '../components/article-filters-bar';
import { ArticleStatusBadge } from '../components/article-status-badge';
import { articleFilterCodec, hasArticleFilters } from '../utils/article-filters';

export const ARTICLES_PATH = '/admin/articles';

const articlePath = (id: string) => `${ARTICLES_PATH}/${id}`;

/** The articles (issue 8, admins): drafts and published ones, the last edited first. */
export function ArticlesPage() {
  useDocumentTitle('مقاله‌ها | کنسول کارکنان ویترین');
  const { userId } = useStaffMember();
  const [filters, setFilters] = useFilterParams(articleFilterCodec);
  const articles = useArticles(userId, filters);
  const data = articles.data;

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={[{ label: 'کنسول کارکنان', to: ADMIN_PATH }, { label: 'مقاله‌ها' }]}
        title="مقاله‌ها"
        description="پیش‌نویس‌ها و مقاله‌های منتشرشده؛ تازه‌ترین ویرایش نخست."
        actions={<NewRecordButton to={`${ARTICLES_PATH}/new`} label="مقالهٔ تازه" />}
      />
      <ArticleFiltersBar
        filters={filters}
        setFilters={setFilters}
        categories={data?.categories ?? []}
      />
      <AdminListBody
        query={articles}
        icon={<ArticleIcon size={32} />}
        empty={{
          title: 'هنوز مقاله‌ای نوشته نشده است',
          description: 'نخستین مقاله را بنویسید؛ تا منتشرش نکنید در سایت دیده نمی‌شود.',
          action: (
            <Button component={Link} to={`${ARTICLES_PATH}/new`} variant="light">
              مقالهٔ تازه
            </Button>
          ),
        }}
        noMatch={{
          when: hasArticleFilters(filters) || filters.page > 1,
          title: 'مقاله‌ای با این فیلترها پیدا نشد',
          description: 'فیلترها را تغییر دهید یا بردارید.',
          resetLabel: 'نمایش همهٔ مقاله‌ها',
          onReset: () => setFilters({ status: null, category: null, q: '' }),
        }}
        countNoun="مقاله"
        page={filters.page}
        pageSize={ARTICLES_PAGE_SIZE}
        onPage={(page) => setFilters({ page })}
        failedTitle="مقاله‌ها بارگذاری نشد"
        loadingLabel="در حال بارگذاری مقاله‌ها"
      >
        {(items) => (
          <>
            <ArticlesTable items={items} />
            <ArticleCards items={items} />
          </>
        )}
      </AdminListBody>
    </Stack>
  );
}

function PublishDate({ article }: { article: ArticleRow }) {
  return article.publishedAt ? (
    <JalaliDateTime iso={article.publishedAt} />
  ) : (
    <Text span size="sm" c="dimmed">
      بدون تاریخ
    </Text>
  );
}

const COLUMNS = ['عنوان', 'دسته', 'وضعیت', 'تاریخ انتشار', 'آخرین ویرایش'] as const;

/** From sm up: one row an article. */
function ArticlesTable({ items }: { items: ArticleRow[] }) {
  return (
    <AdminListTable label="فهرست مقاله‌ها" columns={COLUMNS}>
      {items.map((article) => (
        <Table.Tr key={article.id}>
          <Table.Td>
            <Anchor component={Link} to={articlePath(article.id)} fw={500} size="sm">
              {article.title}
            </Anchor>
            <Text size="xs" c="dimmed">
              {article.authorName}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{article.category.name}</Text>
          </Table.Td>
          <Table.Td>
            <ArticleStatusBadge status={article.status} publishedAt={article.publishedAt} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm">
              <PublishDate article={article} />
            </Text>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm" c="dimmed">
              <JalaliDateTime iso={article.updatedAt} />
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </AdminListTable>
  );
}

/** On a phone: one card an article. */
function ArticleCards({ items }: { items: ArticleRow[] }) {
  return (
    <AdminPhoneCards label="فهرست مقاله‌ها">
      {items.map((article) => (
        <AdminPhoneCard key={article.id}>
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Anchor component={Link} to={articlePath(article.id)} fw={700} size="sm">
                {article.title}
              </Anchor>
              <ArticleStatusBadge status={article.status} publishedAt={article.publishedAt} />
            </Group>
            <Text size="xs" c="dimmed">
              {`${article.category.name} · ${article.authorName}`}
            </Text>
            <Text size="xs">
              <Text span size="xs" c="dimmed">
                {'انتشار: '}
              </Text>
              <PublishDate article={article} />
            </Text>
          </Stack>
        </AdminPhoneCard>
      ))}
    </AdminPhoneCards>
  );
}
