import { Button, Stack, Text } from '@mantine/core';
import { describeApiError } from '../../../../lib/api-error';
import { DownloadIcon } from '../../../../ui/icons';
import { useExportOrdersCsv } from '../api/orders';
import type { OrderFilters } from '../utils/order-filters';

/** «دریافت CSV»: the orders the current filters match, as a file; the server's error if not. */
export function OrderExportButton({ filters }: { filters: OrderFilters }) {
  const exportCsv = useExportOrdersCsv();
  return (
    <Stack gap={4} align="flex-end">
      <Button
        variant="default"
        leftSection={<DownloadIcon size={18} />}
        loading={exportCsv.isPending}
        onClick={() => exportCsv.mutate(filters)}
      >
        دریافت CSV
      </Button>
      {exportCsv.isError && (
        <Text size="sm" c="red.8" role="alert" ta="end" maw={360}>
          {`خروجی ساخته نشد: ${describeApiError(exportCsv.error)}`}
        </Text>
      )}
    </Stack>
  );
}
