import type { ReactNode } from 'react';
import { type Crumb, PanelPageHeader } from '../../../../ui/panel-page-header';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { PROVISIONING_PATH } from '../utils/provisioning-paths';

export const SECTION_LABEL = 'راه‌اندازی سرویس‌ها';

interface ProvisioningHeaderProps {
  /**
   * The page's h1 and last crumb; left out on the queue, the section's root, whose title is
   * the section's own.
   */
  page?: string;
  description: ReactNode;
  actions?: ReactNode;
  badge?: ReactNode;
}

/** The top of each of the section's list pages: the way back up, the title, its main action. */
export function ProvisioningHeader({ page, description, actions, badge }: ProvisioningHeaderProps) {
  const crumbs: Crumb[] = page
    ? [{ label: SECTION_LABEL, to: PROVISIONING_PATH }, { label: page }]
    : [{ label: SECTION_LABEL }];
  return (
    <PanelPageHeader
      breadcrumbs={[{ label: 'کنسول کارکنان', to: ADMIN_PATH }, ...crumbs]}
      title={page ?? SECTION_LABEL}
      description={description}
      actions={actions}
      badge={badge}
    />
  );
}
