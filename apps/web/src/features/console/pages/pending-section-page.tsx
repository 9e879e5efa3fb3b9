import { Badge, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ClockIcon } from '../../../ui/icons';
import { PanelPageHeader } from '../../../ui/panel-page-header';
import { StatusMessage } from '../../../ui/status-message';
import { ADMIN_PATH, type AdminSectionKey, sectionByKey } from '../utils/admin-sections';

/** A console section whose pages are still to come: says so plainly, and what it will hold. */
export function PendingSectionPage({ section: key }: { section: AdminSectionKey }) {
  const section = sectionByKey(key);
  useDocumentTitle(`${section.label} | کنسول کارکنان ویترین`);

  return (
    <Stack gap="lg">
      <PanelPageHeader
        breadcrumbs={
          key === 'dashboard'
            ? undefined
            : [{ label: 'کنسول کارکنان', to: ADMIN_PATH }, { label: section.label }]
        }
        title={section.label}
        badge={
          <Badge variant="light" color="amber" c="amber.9">
            به‌زودی
          </Badge>
        }
      />
      <StatusMessage
        icon={<ClockIcon size={32} />}
        title="این بخش هنوز ساخته نشده است"
        description={`آنچه این‌جا می‌آید: ${section.summary}`}
      />
    </Stack>
  );
}
