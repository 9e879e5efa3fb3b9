import { Anchor, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { APP_VERSION } from '../../lib/app-version';
import { IS_ANDROID_BUILD } from '../../lib/config';
import { useNavItems } from './nav-links';
import classes from './site-footer.module.css';
import { Wordmark } from './wordmark';

// The year in Persian digits from the browser's own calendar: every page has the footer, and
// the Jalali conversion would put ~2 KB more in the script every first visit loads.
const JALALI_YEAR = new Intl.DateTimeFormat('fa-IR-u-ca-persian-nu-arabext', {
  year: 'numeric',
  timeZone: 'Asia/Tehran',
});

export function SiteFooter() {
  const navItems = useNavItems();
  const jalaliYear = JALALI_YEAR.formatToParts(new Date()).find(
    (part) => part.type === 'year',
  )?.value;

  return (
    <footer className={classes.footer}>
      <Container>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <Stack gap="sm" maw={440}>
            <Wordmark />
            <Text size="sm" c="dimmed">
              ویترین سایت‌ساز و میزبانی وب را یکجا ارائه می‌دهد: سایت‌تان را بسازید، هاست و دامنه‌اش را
              از همین‌جا بگیرید و سرویس‌ها، سفارش‌ها و پشتیبانی را در یک پنل مدیریت کنید.
            </Text>
          </Stack>
          <nav aria-label="پیوندهای پایین صفحه">
            <Title order={2} className={classes.heading}>
              دسترسی سریع
            </Title>
            <Group gap="xs" mt="sm">
              {navItems.map((item) => (
                <Anchor key={item.to} component={Link} to={item.to} className={classes.link}>
                  {item.label}
                </Anchor>
              ))}
              {/* Inside the Android app the app is already there: no link to download it. */}
              {!IS_ANDROID_BUILD && (
                <Anchor component={Link} to="/download" className={classes.link}>
                  دریافت اپ اندروید
                </Anchor>
              )}
            </Group>
          </nav>
        </SimpleGrid>

        <div className={classes.bottom}>
          <Text size="xs" c="dimmed">
            © {jalaliYear} ویترین. همهٔ حقوق محفوظ است.
          </Text>
          <Text size="xs" c="dimmed">
            نسخهٔ {toPersianDigits(APP_VERSION)}
          </Text>
        </div>
      </Container>
    </footer>
  );
}
