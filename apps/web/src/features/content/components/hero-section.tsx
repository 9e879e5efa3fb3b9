import {
  Badge,
  Button,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { PathResult } from '@vitrin/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckIcon } from '../../../ui/icons';
import classes from './hero-section.module.css';

export type Hero = PathResult<'/api/app/get-app-home-data'>['hero'];

const promises = ['بدون نیاز به کدنویسی', 'پرداخت آنلاین ریالی', 'پشتیبانی فارسی'];

/** What the hero says when the server's text cannot be had. */
export const DEFAULT_HERO: Hero = {
  title: 'سایتتان را بسازید؛ میزبانی‌اش با ما',
  subtitle:
    'با سایت‌ساز ویترین بی‌آنکه کدی بنویسید سایت فروشگاهی یا شرکتی بسازید، یا سایت خودتان را روی هاست اشتراکی، هاست وردپرس یا سرور مجازی ما راه بیندازید. دامنه‌اش را هم همین‌جا ثبت کنید.',
  primaryAction: { label: 'مشاهدهٔ فروشگاه', href: '/store' },
  secondaryAction: { label: 'راهنماها و مقالات', href: '/articles' },
};

/** The title's second clause, after '؛', in the brand colour, as the hero was designed. */
function highlightSecondClause(title: string): ReactNode {
  const split = title.indexOf('؛');
  if (split < 0) return title;
  return (
    <>
      {title.slice(0, split + 1)}{' '}
      <span className={classes.highlight}>{title.slice(split + 1).trim()}</span>
    </>
  );
}

/** A link inside the app navigates without a page load; any other opens as a plain link. */
function ActionButton({ action, primary }: { action: Hero['primaryAction']; primary?: boolean }) {
  const variant = primary ? 'filled' : 'default';
  return action.href.startsWith('/') && !action.href.startsWith('//') ? (
    <Button component={Link} to={action.href} size="lg" variant={variant}>
      {action.label}
    </Button>
  ) : (
    <Button component="a" href={action.href} size="lg" variant={variant}>
      {action.label}
    </Button>
  );
}

/** Bars the height of a text's lines while the text loads. */
function LoadingLines({ widths }: { widths: string[] }) {
  return widths.map((width) => (
    <Skeleton key={width} component="span" className={classes.loadingLine} width={width} />
  ));
}

/**
 * The hero with the server's text; undefined while it loads, when bars of the same height hold
 * its place so nothing below moves when the text arrives.
 */
export function HeroSection({ hero }: { hero: Hero | undefined }) {
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} className={classes.grid}>
          <Stack gap="lg" justify="center">
            <Badge variant="light" size="lg" radius="xl" className={classes.badge}>
              سایت‌ساز و میزبانی وب، یکجا
            </Badge>
            <Title order={1} id="hero-title" className={classes.title} aria-busy={!hero}>
              {hero ? highlightSecondClause(hero.title) : <LoadingLines widths={['92%', '64%']} />}
            </Title>
            <Text size="lg" c="gray.7" className={classes.lead}>
              {hero ? hero.subtitle : <LoadingLines widths={['100%', '96%', '70%']} />}
            </Text>
            <Group gap="sm">
              {hero ? (
                <>
                  <ActionButton action={hero.primaryAction} primary />
                  <ActionButton action={hero.secondaryAction} />
                </>
              ) : (
                <>
                  <Skeleton height={50} width={170} radius="md" />
                  <Skeleton height={50} width={180} radius="md" />
                </>
              )}
            </Group>
            <Group gap="lg" component="ul" className={classes.promises}>
              {promises.map((promise) => (
                <Group component="li" key={promise} gap={6} wrap="nowrap">
                  <CheckIcon size={18} className={classes.check} />
                  <Text size="sm" c="gray.7">
                    {promise}
                  </Text>
                </Group>
              ))}
            </Group>
          </Stack>

          <BuilderPreview />
        </SimpleGrid>
      </Container>
    </section>
  );
}

/** A drawing of the site builder at work; decoration only. */
function BuilderPreview() {
  return (
    <div className={classes.preview} aria-hidden="true">
      <div className={classes.window}>
        <div className={classes.windowBar}>
          <span />
          <span />
          <span />
          <div className={classes.address}>shop.example.ir</div>
        </div>
        <div className={classes.canvas}>
          <div className={classes.sidebar}>
            <i />
            <i />
            <i />
            <i />
          </div>
          <div className={classes.page}>
            <div className={classes.banner} />
            <div className={classes.cards}>
              <div />
              <div />
              <div />
            </div>
            <div className={classes.lines}>
              <i />
              <i />
            </div>
          </div>
        </div>
      </div>
      <div className={classes.floating}>
        <span className={classes.floatingDot} />
        <div>
          <strong>منتشر شد</strong>
          <small>سایت شما آنلاین است</small>
        </div>
      </div>
    </div>
  );
}
