import type { ReactNode } from 'react';
import { type Crumb, PanelPageHeader } from '../../../../ui/panel-page-header';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { DOMAINS_CONSOLE_PATH } from '../utils/domains-console-paths';

export const SECTION_LABEL = 'دامنه‌ها';

interface DomainsConsoleHeaderProps {
  /** The page's h1 and last crumb; left out on the domains list, the section's root. */
  page?: string;
  description: ReactNode;
  actions?: ReactNode;
  badge?: ReactNode;
}

/** The top of each of the section's list pages: the way back up, the title, its main action. */
export function DomainsConsoleHeader({
  page,
  description,
  actions,
  badge,
}: DomainsConsoleHeaderProps) {
  const crumbs: Crumb[] = page
    ? [{ label: SECTION_LABEL, to: DOMAINS_CONSOLE_PATH }, { label: page }]
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
