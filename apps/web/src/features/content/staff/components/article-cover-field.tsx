import { Box, Button, FileButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { CATALOG_IMAGE_MAX_BYTES, CATALOG_IMAGE_TYPES } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { useState } from 'react';
import { describeApiError } from '../../../../lib/api-error';
import { uploadArticleCover } from '../api/articles';

interface ArticleCoverFieldProps {
  value: string;
  onChange: (path: string) => void;
  /** The server's error for `coverUrl`. */
  error?: string | undefined;
}

const MAX_MB = CATALOG_IMAGE_MAX_BYTES / 1024 / 1024;

/**
 * The cover image: a path under /media/ (typed, or filled in by an upload of a JPEG, PNG or
 * WebP up to 2 MB, which the server types by its bytes), with a preview of it.
 */
export function ArticleCoverField({ value, onChange, error }: ArticleCoverFieldProps) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const path = value.trim();

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    setUploading(true);
    try {
      const uploaded = await uploadArticleCover(file);
      onChange(uploaded.url);
    } catch (caught) {
      setUploadError(describeApiError(caught) || 'تصویر بارگذاری نشد؛ دوباره تلاش کنید');
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="تصویر جلد"
          description={`نشانی تصویری از /media/ همین سایت، یا تصویری بارگذاری کنید (JPEG، PNG یا WebP تا ${toPersianDigits(MAX_MB)} مگابایت).`}
          placeholder="/media/articles/cover.webp"
          dir="ltr"
          required
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={uploadError ?? error}
          style={{ flex: '1 1 260px' }}
        />
        <FileButton onChange={upload} accept={CATALOG_IMAGE_TYPES.join(',')}>
          {(props) => (
            <Button {...props} variant="light" loading={uploading}>
              بارگذاری تصویر
            </Button>
          )}
        </FileButton>
      </Group>
      {path.startsWith('/media/') && (
        <Box maw={320}>
          <Image
            src={path}
            alt="پیش‌نمایش تصویر جلد"
            radius="md"
            h={160}
            fit="cover"
            fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw="
          />
          <Text size="xs" c="dimmed" mt={4}>
            پیش‌نمایش تصویر جلد
          </Text>
        </Box>
      )}
    </Stack>
  );
}
