import {
  Anchor,
  Badge,
  Breadcrumbs,
  Container,
  Divider,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { isNotFoundError } from '../../../lib/api-error';
import { mediaUrl } from '../../../lib/media-url';
import { ArticleIcon } from '../../../ui/icons';
import { LoadFailed } from '../../../ui/load-failed';
import { NotFoundMessage } from '../../../ui/status-message';
import { useInformation } from '../api/get-information';
import { ArticleBody } from '../components/article-body';
import { ArticleCard } from '../components/article-card';
import { ArticleMeta } from '../components/article-meta';
import classes from './article-page.module.css';

export function ArticlePage() {
  const { slug = '' } = useParams();
  const article = useInformation(slug);
  const data = article.data;
  // A slug the contract refuses (capitals, spaces) names no article either.
  const notFound = isNotFoundError(article.error);
  useDocumentTitle(
    data ? `${data.title} | ویترین` : notFound ? 'مقاله پیدا نشد | ویترین' : 'مقالات | ویترین',
  );

  if (notFound) {
    return (
      <Container size="sm">
        <NotFoundMessage
          icon={<ArticleIcon size={32} />}
          title="مقاله‌ای با این نشانی پیدا نشد"
          description="ممکن است نشانی را اشتباه وارد کرده باشید یا این مقاله برداشته شده باشد."
          back={{ to: '/articles', label: 'همهٔ مقاله‌ها' }}
        />
      </Container>
    );
  }

  if (article.isError) {
    return (
      <Container size="sm">
        <LoadFailed titleOrder={1} title="این مقاله بارگذاری نشد" query={article} />
      </Container>
    );
  }

  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      {data ? (
        <article>
          <Stack gap="lg">
            <Breadcrumbs separator="‹" separatorMargin={6}>
              <Anchor component={Link} to="/articles" size="sm">
                مقالات
              </Anchor>
              <Anchor
                component={Link}
                to={`/articles?category=${encodeURIComponent(data.category.slug)}`}
                size="sm"
              >
                {data.category.name}
              </Anchor>
            </Breadcrumbs>
            <Stack gap="sm" className={classes.header}>
              <Badge variant="light" style={{ alignSelf: 'flex-start' }}>
                {data.category.name}
              </Badge>
              <Title order={1} className={classes.title}>
                {data.title}
              </Title>
              <Text size="lg" c="gray.7">
                {data.summary}
              </Text>
              <ArticleMeta
                authorName={data.authorName}
                publishedAt={data.publishedAt}
                readingMinutes={data.readingMinutes}
                size="sm"
              />
            </Stack>
            <img
              src={mediaUrl(data.coverUrl)}
              alt=""
              width={1200}
              height={630}
              className={classes.cover}
            />
            <ArticleBody html={data.bodyHtml} />
          </Stack>
        </article>
      ) : (
        <Stack gap="lg" aria-busy="true" aria-label="در حال بارگذاری مقاله">
          <Skeleton height={14} width={160} />
          <Skeleton height={24} width={90} radius="xl" />
          <Skeleton height={40} width="80%" />
          <Skeleton height={18} width="60%" />
          <Skeleton style={{ aspectRatio: '40 / 21' }} height="auto" radius="lg" />
          <Skeleton height={14} />
          <Skeleton height={14} />
          <Skeleton height={14} width="70%" />
        </Stack>
      )}

      {data && data.related.length > 0 && (
        <section aria-labelledby="related-articles-title">
          <Divider my={48} />
          <Title order={2} size="h3" id="related-articles-title" mb="lg">
            مقاله‌های مرتبط
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
            {data.related.map((related) => (
              <ArticleCard key={related.id} article={related} />
            ))}
          </SimpleGrid>
        </section>
      )}
    </Container>
  );
}
