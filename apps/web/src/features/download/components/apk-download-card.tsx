import {
  ActionIcon,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { PathResult } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { useId } from 'react';
import { formatFileSize } from '../../../lib/file-size';
import { CheckIcon, CopyIcon, DownloadIcon } from '../../../ui/icons';
import classes from './download-cards.module.css';

type Apk = NonNullable<PathResult<'/api/app/get-app-version'>['links']['apk']>;

/** Our own APK: the download button with its size, and its SHA-256 to check the file by. */
export function ApkDownloadCard({ apk }: { apk: Apk }) {
  const size = formatFileSize(apk.sizeBytes);
  const hashLabelId = useId();

  return (
    <Card withBorder radius="lg" padding="lg" className={classes.card}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            دانلود مستقیم از ویترین
          </Title>
          <Text size="sm" c="dimmed">
            فایل نصب اندروید (APK) از سرور خود ویترین، نسخهٔ {toPersianDigits(apk.version)}
          </Text>
        </Stack>

        <Button
          component="a"
          href={apk.url}
          download
          size="md"
          leftSection={<DownloadIcon size={20} />}
          className={classes.downloadButton}
        >
          دانلود فایل نصب ({size})
        </Button>

        <Stack gap={6}>
          <Text size="sm" fw={700} id={hashLabelId}>
            اثر انگشت SHA-256
          </Text>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Code block dir="ltr" className={classes.hash} aria-labelledby={hashLabelId}>
              {apk.sha256}
            </Code>
            <CopyButton value={apk.sha256} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'کپی شد' : 'کپی اثر انگشت'} withArrow position="top">
                  <ActionIcon
                    size="lg"
                    variant={copied ? 'light' : 'default'}
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label={copied ? 'اثر انگشت کپی شد' : 'کپی اثر انگشت SHA-256'}
                  >
                    {copied ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            اثر انگشت فایلی را که دانلود کرده‌اید با این مقدار مقایسه کنید تا مطمئن شوید همان فایل
            ویترین است و در راه تغییری نکرده است.
          </Text>
        </Stack>

        <Text size="xs" c="dimmed">
          هنگام نصب، اندروید می‌پرسد که آیا نصب از این منبع را مجاز می‌کنید؛ آن را بپذیرید.
        </Text>
      </Stack>
    </Card>
  );
}
