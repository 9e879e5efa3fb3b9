import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { CATALOG_STATUS_LABELS, type CatalogStatus } from '@vitrin/contracts';
import { useState } from 'react';
import { describeApiError } from '../../../../lib/api-error';
import { showSuccessToast } from '../../../../lib/toast';
import { ConfirmAction } from '../../../console/components/confirm-action';

export function CatalogStatusBadge({ status }: { status: CatalogStatus }) {
  return (
    <Badge color={status === 'active' ? 'teal' : 'gray'} variant="light">
      {CATALOG_STATUS_LABELS[status]}
    </Badge>
  );
}

interface PublishControlProps {
  status: CatalogStatus;
  /** «محصول» or «قالب». */
  noun: string;
  /** The record's name, for the dialog's title. */
  name: string;
  /** What customers see once it is published. */
  publishedNote: string;
  /** What customers stop seeing when it is taken out. */
  unpublishNote: string;
  /** Runs the call (`published` true or false); throws the server's error. */
  setPublished: (published: boolean) => Promise<unknown>;
  disabled?: boolean;
}

/**
 * Publishing a product or theme at once, and taking it out of the store after a confirmation,
 * since customers stop seeing it. A refusal (a product without prices) shows under the button.
 */
export function PublishControl(props: PublishControlProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const publish = async () => {
    setPending(true);
    setError(null);
    try {
      await props.setPublished(true);
      showSuccessToast(`${props.noun} منتشر شد`);
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="sm" align="center">
        <Text size="sm">وضعیت:</Text>
        <CatalogStatusBadge status={props.status} />
      </Group>
      <Text size="sm" c="dimmed">
        {props.status === 'active'
          ? props.publishedNote
          : `این ${props.noun} هنوز به مشتریان نشان داده نمی‌شود.`}
      </Text>
      <Group>
        {props.status === 'active' ? (
          <ConfirmAction
            label="لغو انتشار"
            title={`لغو انتشار ${props.noun} «${props.name}»`}
            description={props.unpublishNote}
            confirmLabel="بله، از فروشگاه خارج شود"
            color="orange"
            successMessage={`${props.noun} از فروشگاه خارج شد`}
            disabled={props.disabled}
            onConfirm={() => props.setPublished(false)}
          />
        ) : (
          <Button onClick={publish} loading={pending} disabled={props.disabled} color="teal">
            انتشار در فروشگاه
          </Button>
        )}
      </Group>
      {error !== null && (
        <Text size="sm" c="red.8" role="alert">
          {describeApiError(error)}
        </Text>
      )}
    </Stack>
  );
}
