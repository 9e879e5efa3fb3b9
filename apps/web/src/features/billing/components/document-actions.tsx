import { Button, Group, Stack, Text } from '@mantine/core';
import { describeApiError } from '../../../lib/api-error';
import { DownloadIcon, type IconProps, SvgIcon } from '../../../ui/icons';
import { useDownloadBillingDocumentPdf } from '../api/download-billing-document-pdf';
import type { DocumentRequest } from '../api/get-billing-document';

interface DocumentActionsProps {
  request: DocumentRequest;
  /** Names the saved PDF: the document's number, or a pro-forma's order number. */
  name: { number: string | null; orderNumber?: number | null };
  /** Offer «چاپ» too: on the document's own page, where the print shows the document alone. */
  withPrint?: boolean;
}

/** «دانلود PDF» (and «چاپ»), with the server's reason under them when the file did not come. */
export function DocumentActions({ request, name, withPrint = false }: DocumentActionsProps) {
  const download = useDownloadBillingDocumentPdf();
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<DownloadIcon size={18} />}
          loading={download.isPending}
          onClick={() => download.mutate({ request, name })}
        >
          دانلود PDF
        </Button>
        {withPrint && (
          <Button
            variant="default"
            leftSection={<PrinterIcon size={18} />}
            onClick={() => window.print()}
          >
            چاپ
          </Button>
        )}
      </Group>
      {download.isError && (
        <Text size="sm" c="red.8" role="alert" maw={420}>
          {`فایل PDF دریافت نشد: ${describeApiError(download.error)}`}
        </Text>
      )}
    </Stack>
  );
}

function PrinterIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M7 9V3h10v6" />
      <rect x="3" y="9" width="18" height="8" rx="2" />
      <path d="M7 14h10v7H7z" />
    </SvgIcon>
  );
}
