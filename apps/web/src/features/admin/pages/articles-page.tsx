import {
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Loader,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { useFilterParams } from '../../../lib/use-filter-params';
import { ArticleIcon, PlusIcon } from '../../../ui/icons';
import { JalaliDateTime } from '../../../ui/jalali-date-time';
import { ListPagination } from '../../../ui/list-pagination';
import { LoadFailed } from '../../../ui/load-failed';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { StatusMessage } from '../../../ui/status-message';
import { ARTICLES_PAGE_SIZE, type ArticleRow, useArticles } from '../api/articles';
import { ArticleFiltersBar } from '../components/article-filters-bar';
import { ArticleStatusBadge } from '../components/article-status-badge';
import { ADMIN_PATH } from '../utils/admin-sections';
import { articleFilterCodec, hasArticleFilters } from '../utils/article-filters';
import { useStaffMember } from '../utils/staff-context';

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
        actions={
          <Button component={Link} to={`${ARTICLES_PATH}/new`} leftSection={<PlusIcon size={18} />}>
            مقالهٔ تازه
          </Button>
        }
      />
      <ArticleFiltersBar
        filters={filters}
        setFilters={setFilters}
        categories={data?.categories ?? []}
      />
      {data ? (
        data.items.length === 0 ? (
          hasArticleFilters(filters) || filters.page > 1 ? (
            <StatusMessage
              icon={<ArticleIcon size={32} />}
              title="مقاله‌ای با این فیلترها پیدا نشد"
              description="فیلترها را تغییر دهید یا بردارید."
            >
              <Button
                variant="light"
                onClick={() => setFilters({ status: null, category: null, q: '' })}
              >
                نمایش همهٔ مقاله‌ها
              </Button>
            </StatusMessage>
          ) : (
            <StatusMessage
              icon={<ArticleIcon size={32} />}
              title="هنوز مقاله‌ای نوشته نشده است"
              description="نخستین مقاله را بنویسید؛ تا منتشرش نکنید در سایت دیده نمی‌شود."
            >
              <Button component={Link} to={`${ARTICLES_PATH}/new`} variant="light">
                مقالهٔ تازه
              </Button>
            </StatusMessage>
          )
        ) : (
          <>
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {`${toPersianDigits(data.total)} مقاله`}
              </Text>
              {articles.isFetching && (
                <Loader size="xs" type="dots" aria-label="در حال به‌روزرسانی" />
              )}
            </Group>
            <Box style={{ opacity: articles.isPlaceholderData ? 0.6 : 1 }}>
              <ArticlesTable items={data.items} />
              <ArticleCards items={data.items} />
            </Box>
            <ListPagination
              page={filters.page}
              pageSize={ARTICLES_PAGE_SIZE}
              total={data.total}
              onChange={(page) => setFilters({ page })}
            />
          </>
        )
      ) : articles.isError ? (
        <LoadFailed title="مقاله‌ها بارگذاری نشد" query={articles} />
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label="در حال بارگذاری مقاله‌ها">
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
        </Stack>
      )}
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

/** From sm up: one row an article. */
function ArticlesTable({ items }: { items: ArticleRow[] }) {
  return (
    <Card p={0} visibleFrom="sm">
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="فهرست مقاله‌ها">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>عنوان</Table.Th>
            <Table.Th>دسته</Table.Th>
            <Table.Th>وضعیت</Table.Th>
            <Table.Th>تاریخ انتشار</Table.Th>
            <Table.Th>آخرین ویرایش</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** On a phone: one card an article. */
function ArticleCards({ items }: { items: ArticleRow[] }) {
  return (
    <Stack gap="sm" component="ul" m={0} p={0} hiddenFrom="sm" aria-label="فهرست مقاله‌ها">
      {items.map((article) => (
        <Card key={article.id} component="li" padding="md" style={{ listStyle: 'none' }}>
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
        </Card>
      ))}
    </Stack>
  );
}
