import { Badge, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CheckIcon } from '../../../ui/icons';
import classes from './hero-section.module.css';

const promises = ['بدون نیاز به کدنویسی', 'پرداخت آنلاین ریالی', 'پشتیبانی فارسی'];

export function HeroSection() {
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} className={classes.grid}>
          <Stack gap="lg" justify="center">
            <Badge variant="light" size="lg" radius="xl" className={classes.badge}>
              سایت‌ساز و میزبانی وب، یکجا
            </Badge>
            <Title order={1} id="hero-title" className={classes.title}>
              سایتتان را بسازید؛ <span className={classes.highlight}>میزبانی‌اش با ما</span>
            </Title>
            <Text size="lg" c="gray.7" className={classes.lead}>
              با سایت‌ساز ویترین بی‌آنکه کدی بنویسید سایت فروشگاهی یا شرکتی بسازید، یا سایت خودتان را
              روی هاست اشتراکی، هاست وردپرس یا سرور مجازی ما راه بیندازید. دامنه‌اش را هم همین‌جا ثبت
              کنید.
            </Text>
            <Group gap="sm">
              <Button component={Link} to="/store" size="lg">
                مشاهدهٔ فروشگاه
              </Button>
              <Button component={Link} to="/articles" size="lg" variant="default">
                راهنماها و مقالات
              </Button>
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
