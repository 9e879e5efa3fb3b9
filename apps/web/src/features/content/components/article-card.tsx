import { Badge, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { PathResult } from '@vitrin/contracts';
import { Link } from 'react-router';
import { mediaUrl } from '../../../lib/media-url';
import cardClasses from '../../../ui/catalog-card.module.css';
import classes from './article-card.module.css';
import { ArticleMeta } from './article-meta';

export type ArticleCardData = PathResult<'/api/information/get-informations'>['items'][number];

/** An article in a list: cover, category, title, summary, author, date and reading time. */
export function ArticleCard({
  article,
  headingOrder = 3,
}: {
  article: ArticleCardData;
  /** The title's heading level: 2 in a page's own list, 3 (the default) under a section's h2. */
  headingOrder?: 2 | 3;
}) {
  return (
    <Card className={cardClasses.card} shadow="xs" padding={0} component="article">
      <img
        src={mediaUrl(article.coverUrl)}
        alt=""
        width={640}
        height={336}
        loading="lazy"
        className={classes.cover}
      />
      <Stack gap="xs" p="md" style={{ flex: 1 }}>
        <Badge variant="light" size="sm" style={{ alignSelf: 'flex-start' }}>
          {article.category.name}
        </Badge>
        <Title order={headingOrder} size="h4" className={classes.title}>
          <Link
            to={`/articles/${article.slug}`}
            className={`${cardClasses.titleLink} ${cardClasses.stretched}`}
          >
            {article.title}
          </Link>
        </Title>
        <Text size="sm" c="gray.7" className={cardClasses.clamp}>
          {article.summary}
        </Text>
        <div className={cardClasses.footer}>
          <ArticleMeta
            authorName={article.authorName}
            publishedAt={article.publishedAt}
            readingMinutes={article.readingMinutes}
          />
        </div>
      </Stack>
    </Card>
  );
}

/** An article card's place while the list loads. */
export function ArticleCardSkeleton() {
  return (
    <Card shadow="xs" padding={0} aria-hidden="true">
      <Skeleton style={{ aspectRatio: '40 / 21' }} height="auto" radius={0} />
      <Stack gap="xs" p="md">
        <Skeleton height={18} width={80} radius="xl" />
        <Skeleton height={20} width="85%" />
        <Skeleton height={12} />
        <Skeleton height={12} width="75%" />
        <Skeleton height={12} width="50%" mt="sm" />
      </Stack>
    </Card>
  );
}
