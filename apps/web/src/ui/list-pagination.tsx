import { Center, Pagination } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';

interface ListPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

const controlLabels: Record<string, string> = {
  previous: 'صفحهٔ قبل',
  next: 'صفحهٔ بعد',
  first: 'صفحهٔ اول',
  last: 'صفحهٔ آخر',
};

/**
 * Page numbers under a list, in Persian digits; nothing when everything fits on one page.
 * Choosing a page goes back to the top, where the new page's list starts.
 */
export function ListPagination({ page, pageSize, total, onChange }: ListPaginationProps) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;

  return (
    <Center component="nav" aria-label="صفحه‌بندی" mt="xl">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={(next) => {
          onChange(next);
          window.scrollTo({ top: 0 });
        }}
        siblings={1}
        boundaries={1}
        getItemProps={(item) => ({
          children: toPersianDigits(item),
          'aria-label': `صفحهٔ ${toPersianDigits(item)}`,
        })}
        getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
      />
    </Center>
  );
}
