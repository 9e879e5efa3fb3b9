import {
  Anchor,
  Button,
  CloseButton,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import { formatFileSize } from '../lib/file-size';
import { AppUpdateIcon } from './native-icons';
import classes from './native-screens.module.css';
import type { UpdateLink } from './update-check';

function linkText(link: UpdateLink): string {
  return link.sizeBytes === undefined
    ? link.label
    : `${link.label} (${formatFileSize(link.sizeBytes)})`;
}

interface UpdateRequiredScreenProps {
  latest: string;
  current: string;
  links: UpdateLink[];
  onOpen: (url: string) => void;
}

/** Below the minimum version (issue 9): the app asks for the update before it is used. */
export function UpdateRequiredScreen({
  latest,
  current,
  links,
  onOpen,
}: UpdateRequiredScreenProps) {
  return (
    <div className={classes.screen} role="alert">
      <Stack align="center" gap="sm" ta="center" className={classes.content}>
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden="true">
          <AppUpdateIcon size={36} />
        </ThemeIcon>
        <Title order={1} size="h3">
          نسخهٔ تازهٔ ویترین را نصب کنید
        </Title>
        <Text c="dimmed">
          این نسخه ({toPersianDigits(current)}) دیگر پشتیبانی نمی‌شود. برای ادامه، نسخهٔ{' '}
          {toPersianDigits(latest)} را از یکی از این‌جاها بگیرید.
        </Text>
        {links.length > 0 ? (
          <Stack gap="xs" w="100%" mt="xs">
            {links.map((link, index) => (
              <Button
                key={link.store}
                component="a"
                href={link.url}
                variant={index === 0 ? 'filled' : 'default'}
                fullWidth
                onClick={(event) => {
                  event.preventDefault();
                  onOpen(link.url);
                }}
              >
                {linkText(link)}
              </Button>
            ))}
          </Stack>
        ) : (
          <Text size="sm">نسخهٔ تازه را از سایت ویترین دریافت کنید.</Text>
        )}
      </Stack>
    </div>
  );
}

interface UpdateNoticeProps {
  latest: string;
  links: UpdateLink[];
  onOpen: (url: string) => void;
  onDismiss: () => void;
}

/** A newer version exists but this one still works: said once, closable. */
export function UpdateNotice({ latest, links, onOpen, onDismiss }: UpdateNoticeProps) {
  const first = links[0];
  return (
    <Paper
      className={classes.notice}
      shadow="lg"
      withBorder
      p="sm"
      role="status"
      aria-label="نسخهٔ تازه"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={36} radius="xl" variant="light" aria-hidden="true">
          <AppUpdateIcon size={20} />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1 }}>
          <Text fw={700} size="sm">
            نسخهٔ {toPersianDigits(latest)} ویترین آمده است
          </Text>
          {first && (
            <Anchor
              href={first.url}
              size="sm"
              onClick={(event) => {
                event.preventDefault();
                onOpen(first.url);
              }}
            >
              {first.store === 'apk' ? linkText(first) : `دریافت از ${first.label}`}
            </Anchor>
          )}
        </Stack>
        <CloseButton aria-label="بستن" title="بستن" onClick={onDismiss} />
      </Group>
    </Paper>
  );
}
