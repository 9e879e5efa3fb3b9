import { Button, Stack, Text } from '@mantine/core';
import { describeApiError } from '../../../../lib/api-error';
import { DownloadIcon } from '../../../../ui/icons';
import { useDownloadBillingDocumentPdf } from '../api/billing-documents';

/** «دریافت PDF»: the document as the server draws it, saved as a file; the server's error if not. */
export function DocumentPdfButton({
  document,
}: {
  document: { id: string; number: string | null };
}) {
  const download = useDownloadBillingDocumentPdf();
  return (
    <Stack gap={4} align="flex-end">
      <Button
        variant="default"
        leftSection={<DownloadIcon size={18} />}
        loading={download.isPending}
        onClick={() => download.mutate(document)}
      >
        دریافت PDF
      </Button>
      {download.isError && (
        <Text size="sm" c="red.8" role="alert" ta="end" maw={360}>
          {`فایل ساخته نشد: ${describeApiError(download.error)}`}
        </Text>
      )}
    </Stack>
  );
}
