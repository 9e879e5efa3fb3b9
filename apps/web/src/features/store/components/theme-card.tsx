import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { PathResult } from '@vitrin/contracts';
import { Link, type To } from 'react-router';
import { mediaUrl } from '../../../lib/media-url';
import { tomanText } from '../../../lib/money';
import cardClasses from '../../../ui/catalog-card.module.css';
import { EyeIcon } from '../../../ui/icons';
import classes from './theme-card.module.css';

export type ThemeCardData = PathResult<'/api/store/get-product-themes'>['items'][number];

const SHOWN_TAGS = 3;

interface ThemeCardProps {
  theme: ThemeCardData;
  /** Where "پیش‌نمایش" goes: the gallery with this theme's preview open. */
  to: To;
  /** Passed with the navigation, so the gallery knows the preview was opened from it. */
  state?: unknown;
  /** Where "انتخاب این قالب" goes: the product's order box with this theme chosen. */
  chooseTo?: To;
  /** The title's heading level: 2 in a page's own list, 3 (the default) under a section's h2. */
  headingOrder?: 2 | 3;
}

/** A theme: its desktop preview, name, category, tags and price. */
export function ThemeCard({ theme, to, state, chooseTo, headingOrder = 3 }: ThemeCardProps) {
  return (
    <Card className={cardClasses.card} shadow="xs" padding={0} component="article">
      <img
        src={mediaUrl(theme.previewUrls[0])}
        alt={`نمای دسکتاپ قالب ${theme.name}`}
        width={600}
        height={400}
        loading="lazy"
        className={classes.shot}
      />
      <Stack gap="xs" p="md" style={{ flex: 1 }}>
        <Stack gap={2}>
          <Title order={headingOrder} size="h4">
            {theme.name}
          </Title>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {theme.category.name}
            </Text>
            {theme.isFree || theme.price === null ? (
              <Badge color="green" variant="light">
                رایگان
              </Badge>
            ) : (
              <Text size="sm" fw={700} c="dark.7">
                {tomanText(theme.price, { short: true })}
              </Text>
            )}
          </Group>
        </Stack>
        <Group gap={4} className={classes.tags}>
          {theme.tags.slice(0, SHOWN_TAGS).map((tag) => (
            <Badge key={tag} size="sm" variant="default" fw={500}>
              {tag}
            </Badge>
          ))}
        </Group>
        <Group gap="xs" mt="auto">
          <Button
            flex="1 1 auto"
            component={Link}
            to={to}
            state={state}
            variant="default"
            leftSection={<EyeIcon size={18} />}
            className={cardClasses.stretched}
            aria-label={`پیش‌نمایش قالب ${theme.name}`}
          >
            پیش‌نمایش
          </Button>
          {chooseTo && (
            <Button
              flex="1 1 auto"
              component={Link}
              to={chooseTo}
              className={classes.choose}
              aria-label={`انتخاب این قالب: ${theme.name}`}
            >
              انتخاب این قالب
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** A theme card's place while the gallery loads. */
export function ThemeCardSkeleton() {
  return (
    <Card shadow="xs" padding={0} aria-hidden="true">
      <Skeleton style={{ aspectRatio: '3 / 2' }} height="auto" radius={0} />
      <Stack gap="xs" p="md">
        <Skeleton height={18} width="55%" />
        <Skeleton height={12} width="30%" />
        <Skeleton height={20} width="70%" />
        <Skeleton height={36} />
      </Stack>
    </Card>
  );
}
