import { Anchor, Badge, Group, Select, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { mediaUrl } from '../../../lib/media-url';
import { tomanText } from '../../../lib/money';
import type { ThemeCardData } from './theme-card';
import classes from './theme-picker.module.css';

interface ThemePickerProps {
  productSlug: string;
  /** Every theme the product offers; undefined while loading. */
  themes: readonly ThemeCardData[] | undefined;
  failed: boolean;
  /** The chosen theme's slug or id, as the address names it. */
  value: string | null;
  onChange: (theme: ThemeCardData | null) => void;
  error?: string | undefined;
}

/** Finds a theme by the slug or the id the address carries. */
export function findTheme(
  themes: readonly ThemeCardData[] | undefined,
  key: string | null,
): ThemeCardData | undefined {
  if (!key) return undefined;
  return themes?.find((theme) => theme.slug === key || theme.id === key);
}

export function themePriceText(theme: ThemeCardData): string {
  return theme.isFree || theme.price === null ? 'رایگان' : tomanText(theme.price);
}

/** The site's theme for a website-builder order: a searchable list, and the chosen one's look. */
export function ThemePicker({
  productSlug,
  themes: items,
  failed,
  value,
  onChange,
  error,
}: ThemePickerProps) {
  const chosen = findTheme(items, value);
  const galleryPath = `/store/${productSlug}/themes`;

  return (
    <Stack gap="xs">
      <Select
        label="قالب سایت"
        placeholder={
          items === undefined && !failed ? 'در حال بارگذاری قالب‌ها…' : 'یک قالب انتخاب کنید'
        }
        searchable
        nothingFoundMessage="قالبی با این نام نیست"
        data={(items ?? []).map((theme) => ({ value: theme.id, label: theme.name }))}
        value={chosen?.id ?? null}
        onChange={(id) => onChange(items?.find((theme) => theme.id === id) ?? null)}
        renderOption={({ option }) => {
          const theme = items?.find((item) => item.id === option.value);
          return theme ? <ThemeOption theme={theme} /> : option.label;
        }}
        error={error ?? (failed ? 'فهرست قالب‌ها بارگذاری نشد' : undefined)}
        disabled={failed}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={320}
        required
      />
      {chosen ? (
        <Group gap="sm" wrap="nowrap" align="center">
          <img
            src={mediaUrl(chosen.previewUrls[0])}
            alt={`نمای قالب ${chosen.name}`}
            width={96}
            height={64}
            className={classes.shot}
          />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={700}>
              {chosen.name}
            </Text>
            <Text size="xs" c="dimmed">
              {chosen.category.name} · {themePriceText(chosen)}
            </Text>
            <Anchor component={Link} to={`${galleryPath}?preview=${chosen.slug}`} size="xs">
              پیش‌نمایش بزرگ
            </Anchor>
          </Stack>
        </Group>
      ) : (
        <Anchor component={Link} to={galleryPath} size="sm">
          مرور قالب‌ها با پیش‌نمایش
        </Anchor>
      )}
    </Stack>
  );
}

function ThemeOption({ theme }: { theme: ThemeCardData }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <img
        src={mediaUrl(theme.previewUrls[0])}
        alt=""
        width={54}
        height={36}
        className={classes.shot}
      />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm">{theme.name}</Text>
        <Text size="xs" c="dimmed">
          {theme.category.name}
        </Text>
      </Stack>
      {theme.isFree || theme.price === null ? (
        <Badge size="sm" color="green" variant="light">
          رایگان
        </Badge>
      ) : (
        <Text size="xs" fw={700}>
          {tomanText(theme.price, { short: true })}
        </Text>
      )}
    </Group>
  );
}
