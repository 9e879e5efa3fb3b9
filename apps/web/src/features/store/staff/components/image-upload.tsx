import { Box, Button, Code, Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { CATALOG_IMAGE_MAX_BYTES, CATALOG_IMAGE_TYPES } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { describeApiError } from '../../../../lib/api-error';
import { uploadCatalogImage } from '../api/catalog-image';
import classes from './image-upload.module.css';

interface ImageUploadProps {
  /** The input's name: «تصویر دسکتاپ». */
  label: string;
  description?: ReactNode;
  /** The image's path under /media/, or '' for none yet. */
  value: string;
  onChange: (url: string) => void;
  /** The server's error about this field of the form (the path it refused). */
  error?: string | undefined;
  /** A small square preview (an icon) instead of a wide one (a page preview). */
  square?: boolean;
  /** Offered when the form can do without the image (a preview beyond the first). */
  onRemove?: () => void;
  disabled?: boolean;
}

type Upload =
  | { state: 'idle' }
  | { state: 'sending'; fileName: string; previewUrl: string; percent: number }
  | { state: 'failed'; message: string };

const TOO_LARGE = `حجم تصویر حداکثر ${toPersianDigits(CATALOG_IMAGE_MAX_BYTES / 1024 / 1024)} مگابایت است`;

/**
 * One catalog image: a preview of the one in use, a button to choose a file, which is uploaded
 * at once with its progress shown and can be cancelled; the uploaded image's URL then becomes
 * the field's value. The server judges the file by its bytes: its Persian refusal (a type it is
 * not, 415; too large, 413) shows beside the button and the image in use stays.
 */
export function ImageUpload(props: ImageUploadProps) {
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const { onChange } = props;

  // Leaving the form cancels an upload under way.
  useEffect(() => () => abortRef.current?.abort(), []);
  // The local preview lives as long as its upload.
  const previewUrl = upload.state === 'sending' ? upload.previewUrl : null;
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  const start = async (file: File) => {
    abortRef.current?.abort();
    if (file.size > CATALOG_IMAGE_MAX_BYTES) {
      setUpload({ state: 'failed', message: TOO_LARGE });
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setUpload({
      state: 'sending',
      fileName: file.name,
      previewUrl: URL.createObjectURL(file),
      percent: 0,
    });
    try {
      const image = await uploadCatalogImage(file, {
        signal: controller.signal,
        onProgress: (loaded, total) =>
          setUpload((current) =>
            current.state === 'sending'
              ? { ...current, percent: total > 0 ? Math.round((loaded / total) * 100) : 0 }
              : current,
          ),
      });
      if (controller.signal.aborted) return;
      setUpload({ state: 'idle' });
      onChange(image.url);
    } catch (error) {
      if (controller.signal.aborted) return;
      setUpload({ state: 'failed', message: describeApiError(error) });
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
    }
  };

  const cancel = () => {
    abortRef.current?.abort();
    abortRef.current = null;
    setUpload({ state: 'idle' });
  };

  const sending = upload.state === 'sending';
  const shown = sending ? upload.previewUrl : props.value;
  const error = upload.state === 'failed' ? upload.message : props.error;
  const previewClass = props.square ? `${classes.preview} ${classes.square}` : classes.preview;

  return (
    <Stack gap={6}>
      <Text component="label" htmlFor={inputId} size="sm" fw={500}>
        {props.label}
      </Text>
      {props.description && (
        <Text size="xs" c="dimmed">
          {props.description}
        </Text>
      )}
      {shown ? (
        <img
          src={shown}
          alt={sending ? `پیش‌نمایش ${props.label} در حال بارگذاری` : `پیش‌نمایش ${props.label}`}
          className={previewClass}
          style={{ opacity: sending ? 0.6 : 1 }}
        />
      ) : (
        <Box className={`${previewClass} ${classes.empty}`}>هنوز تصویری انتخاب نشده است</Box>
      )}
      {sending && (
        <Stack gap={4} maw={320}>
          <Progress value={upload.percent} animated aria-label={`پیشرفت بارگذاری ${props.label}`} />
          <Text size="xs" c="dimmed" aria-live="polite">
            {'در حال بارگذاری '}
            <bdi>{upload.fileName}</bdi>
            {`: ${toPersianDigits(upload.percent)}٪`}
          </Text>
        </Stack>
      )}
      {!sending && props.value && (
        <Code dir="ltr" className={classes.url} style={{ alignSelf: 'flex-start' }}>
          {props.value}
        </Code>
      )}
      <VisuallyHidden>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={CATALOG_IMAGE_TYPES.join(',')}
          disabled={props.disabled}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            // The same file chosen again after a failure is a change too.
            event.currentTarget.value = '';
            if (file) void start(file);
          }}
          tabIndex={-1}
        />
      </VisuallyHidden>
      <Group gap="xs">
        {sending ? (
          <Button
            variant="default"
            size="xs"
            onClick={cancel}
            aria-label={`لغو بارگذاری ${props.label}`}
          >
            لغو بارگذاری
          </Button>
        ) : (
          <Button
            variant="light"
            size="xs"
            disabled={props.disabled}
            onClick={() => inputRef.current?.click()}
            aria-label={`${props.value ? 'جایگزینی تصویر' : 'انتخاب تصویر'}: ${props.label}`}
          >
            {props.value ? 'جایگزینی تصویر' : 'انتخاب تصویر'}
          </Button>
        )}
        {props.onRemove && !sending && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={props.onRemove}
            aria-label={`حذف ${props.label}`}
          >
            حذف این تصویر
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        <bdi>JPG</bdi>، <bdi>PNG</bdi> یا <bdi>WebP</bdi>، حداکثر{' '}
        {toPersianDigits(CATALOG_IMAGE_MAX_BYTES / 1024 / 1024)} مگابایت
      </Text>
      {error && (
        <Text id={errorId} size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
