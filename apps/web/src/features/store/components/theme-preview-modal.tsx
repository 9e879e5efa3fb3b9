import { Badge, Button, Group, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { mediaUrl } from '../../../lib/media-url';
import { tomanText } from '../../../lib/money';
import { MonitorIcon, PhoneIcon } from '../../../ui/icons';
import type { ThemeCardData } from './theme-card';
import classes from './theme-preview-modal.module.css';

type Device = 'desktop' | 'phone';

interface ThemePreviewModalProps {
  opened: boolean;
  /** The theme to show; undefined while it is being found, null when there is no such theme. */
  theme: ThemeCardData | null | undefined;
  onClose: () => void;
  /** Where "انتخاب این قالب" goes for the theme shown; no button without it. */
  chooseTo?: (theme: ThemeCardData) => string;
}

/** A large preview of a theme, as a desktop or a phone shows it; full screen on a phone. */
export function ThemePreviewModal({ opened, theme, onClose, chooseTo }: ThemePreviewModalProps) {
  const onPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  // A phone visitor first sees the theme as their own screen would show it.
  const [device, setDevice] = useState<Device>(onPhone ? 'phone' : 'desktop');
  const [desktopUrl, phoneUrl] = theme?.previewUrls ?? [];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen={onPhone}
      size="min(1100px, 94vw)"
      title={theme ? `پیش‌نمایش قالب ${theme.name}` : 'پیش‌نمایش قالب'}
      closeButtonProps={{ 'aria-label': 'بستن پیش‌نمایش' }}
      transitionProps={{ duration: onPhone ? 0 : 150 }}
    >
      {theme === undefined ? (
        <Group justify="center" py="xl">
          <Loader type="dots" aria-label="در حال بارگذاری قالب" />
        </Group>
      ) : theme === null ? (
        <Text c="dimmed" ta="center" py="xl">
          این قالب پیدا نشد؛ شاید دیگر در این پلن عرضه نشود.
        </Text>
      ) : (
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Group gap="xs">
              <Badge variant="light">{theme.category.name}</Badge>
              {theme.isFree || theme.price === null ? (
                <Badge color="green" variant="light">
                  رایگان
                </Badge>
              ) : (
                <Badge color="amber" variant="light" c="amber.9">
                  {tomanText(theme.price)}
                </Badge>
              )}
              {theme.tags.map((tag) => (
                <Badge key={tag} variant="default" fw={500}>
                  {tag}
                </Badge>
              ))}
            </Group>
            {phoneUrl && (
              <SegmentedControl
                value={device}
                onChange={(value) => setDevice(value as Device)}
                aria-label="نمای پیش‌نمایش"
                data={[
                  {
                    value: 'desktop',
                    label: (
                      <Group gap={6} wrap="nowrap" justify="center">
                        <MonitorIcon size={18} />
                        دسکتاپ
                      </Group>
                    ),
                  },
                  {
                    value: 'phone',
                    label: (
                      <Group gap={6} wrap="nowrap" justify="center">
                        <PhoneIcon size={18} />
                        موبایل
                      </Group>
                    ),
                  },
                ]}
              />
            )}
          </Group>
          {chooseTo && (
            <Button component={Link} to={chooseTo(theme)} style={{ alignSelf: 'flex-start' }}>
              انتخاب این قالب
            </Button>
          )}
          <div className={classes.stage}>
            {device === 'phone' && phoneUrl ? (
              <img
                key="phone"
                src={mediaUrl(phoneUrl)}
                alt={`نمای موبایل قالب ${theme.name}`}
                width={390}
                height={780}
                className={classes.phone}
              />
            ) : (
              <img
                key="desktop"
                src={mediaUrl(desktopUrl)}
                alt={`نمای دسکتاپ قالب ${theme.name}`}
                width={1200}
                height={800}
                className={classes.desktop}
              />
            )}
          </div>
        </Stack>
      )}
    </Modal>
  );
}
