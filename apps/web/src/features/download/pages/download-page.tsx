import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { toPersianDigits } from '@vitrin/fa';
import { Link } from 'react-router';
import { CheckIcon, PhoneIcon } from '../../../ui/icons';
import { LoadFailed } from '../../../ui/load-failed';
import { StatusMessage } from '../../../ui/status-message';
import { useAndroidDownloads } from '../api/get-app-version';
import { ApkDownloadCard } from '../components/apk-download-card';
import classes from '../components/download-cards.module.css';
import { StoreBadge } from '../components/store-badge';

const PAGE_TITLE = 'دریافت اپ ویترین برای اندروید';

/** `/download`: the Android app from our own server and from the app stores this site names. */
export function DownloadPage() {
  useDocumentTitle(`${PAGE_TITLE} | ویترین`);
  const downloads = useAndroidDownloads();
  const data = downloads.data;
  const links = data?.links;
  const hasStores = Boolean(links?.cafeBazaar || links?.myket);
  const offered = Boolean(links?.apk) || hasStores;

  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xl">
        <Group gap="md" align="flex-start" wrap="nowrap">
          <ThemeIcon size={56} radius="lg" variant="light" aria-hidden="true">
            <PhoneIcon size={30} />
          </ThemeIcon>
          <Stack gap="xs">
            <Title order={1}>{PAGE_TITLE}</Title>
            {data && offered && (
              <Badge variant="light" size="lg" radius="sm" w="fit-content">
                آخرین نسخه: {toPersianDigits(data.latest)}
              </Badge>
            )}
          </Stack>
        </Group>

        <Stack gap="sm" maw={640}>
          <Text size="lg">
            اپ اندروید ویترین همان پنل ویترین است، روی گوشی: سرویس‌ها، سفارش‌ها، پشتیبانی و آمار زندهٔ
            بازدید سایت‌تان را با همان حساب کاربری ببینید و مدیریت کنید.
          </Text>
          <List
            spacing={6}
            icon={
              <ThemeIcon size={22} radius="xl" variant="light" aria-hidden="true">
                <CheckIcon size={14} />
              </ThemeIcon>
            }
          >
            <List.Item>ورود با همان شمارهٔ موبایل و رمز سایت</List.Item>
            <List.Item>تمدید سرویس‌ها و پرداخت سفارش‌ها با درگاه بانکی</List.Item>
            <List.Item>پیگیری تیکت‌ها و آمار زندهٔ بازدید سایت</List.Item>
          </List>
        </Stack>

        {downloads.isPending ? (
          <DownloadsSkeleton />
        ) : downloads.isError ? (
          <LoadFailed title="راه‌های دریافت اپ بارگذاری نشد" query={downloads} />
        ) : !links || !offered ? (
          <Card withBorder radius="lg" padding="lg">
            <StatusMessage
              icon={<PhoneIcon size={32} />}
              title="اپ اندروید هنوز از اینجا دریافت‌شدنی نیست"
              description="فایل نصب اپ هنوز روی این سایت گذاشته نشده و در فروشگاه‌های اپ هم معرفی نشده است. تا آن زمان همهٔ امکانات ویترین از همین سایت، در مرورگر گوشی‌تان، در دسترس است."
            >
              <Button component={Link} to="/account" variant="light">
                رفتن به پنل کاربری
              </Button>
            </StatusMessage>
          </Card>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: links.apk && hasStores ? 2 : 1 }} spacing="lg">
            {links.apk && <ApkDownloadCard apk={links.apk} />}
            {hasStores && (
              <Card withBorder radius="lg" padding="lg" className={classes.card}>
                <Stack gap="md">
                  <Stack gap={4}>
                    <Title order={2} size="h4">
                      از فروشگاه‌های اپ
                    </Title>
                    <Text size="sm" c="dimmed">
                      اپ را از فروشگاهی که روی گوشی دارید نصب کنید تا نسخه‌های تازه هم از همان‌جا
                      برسد.
                    </Text>
                  </Stack>
                  <Group gap="sm">
                    {links.cafeBazaar && <StoreBadge store="cafe-bazaar" href={links.cafeBazaar} />}
                    {links.myket && <StoreBadge store="myket" href={links.myket} />}
                  </Group>
                </Stack>
              </Card>
            )}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}

function DownloadsSkeleton() {
  return (
    <Card withBorder radius="lg" padding="lg" aria-busy="true" aria-label="در حال بارگذاری">
      <Stack gap="md">
        <Skeleton height={22} width="40%" />
        <Skeleton height={42} width={240} />
        <Skeleton height={56} />
      </Stack>
    </Card>
  );
}
