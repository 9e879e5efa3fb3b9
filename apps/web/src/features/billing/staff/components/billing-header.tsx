import { Badge, Button, Group, Stack, VisuallyHidden } from '@mantine/core';
import { toPersianDigits } from '@vitrin/fa';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type Crumb, PanelPageHeader } from '../../../../ui/panel-page-header';
import { sectionWork, useStaffWork } from '../../../console/api/staff-work';
import { ADMIN_PATH } from '../../../console/utils/admin-sections';
import { useStaffMember } from '../../../console/utils/staff-context';
import {
  BILLING_PATH,
  PAYMENT_SETTINGS_PATH,
  SALES_REPORT_PATH,
  SELLER_PATH,
  TAX_RATES_PATH,
  TAX_SYSTEM_PATH,
  TRANSFERS_PATH,
} from '../utils/billing-paths';

export const SECTION_LABEL = 'مالی';

export type BillingTab =
  | 'documents'
  | 'transfers'
  | 'tax-system'
  | 'report'
  | 'tax-rates'
  | 'payments'
  | 'seller';

const TABS: ReadonlyArray<{ key: BillingTab; label: string; title?: string; to: string }> = [
  { key: 'documents', label: 'اسناد', to: BILLING_PATH },
  {
    key: 'transfers',
    label: 'کارت به کارت',
    title: 'پرداخت‌های کارت به کارت',
    to: TRANSFERS_PATH,
  },
  { key: 'tax-system', label: 'سامانه مودیان', to: TAX_SYSTEM_PATH },
  { key: 'report', label: 'گزارش فروش', title: 'گزارش فروش و مالیات', to: SALES_REPORT_PATH },
  { key: 'tax-rates', label: 'نرخ مالیات', to: TAX_RATES_PATH },
  { key: 'payments', label: 'روش‌های پرداخت', to: PAYMENT_SETTINGS_PATH },
  { key: 'seller', label: 'مشخصات فروشنده', to: SELLER_PATH },
];

interface BillingHeaderProps {
  /** The open tab; its page's title and last crumb, except the documents at the root. */
  tab: BillingTab;
  description: ReactNode;
  actions?: ReactNode;
}

/** The top of the section's pages: the way up, the title, and the pages as tabs. */
export function BillingHeader({ tab, description, actions }: BillingHeaderProps) {
  const { userId } = useStaffMember();
  // Documents the tax system has not accepted a week after issue, on its tab (issue 39).
  const taxWork = sectionWork(useStaffWork(userId).data).taxSystem;
  const open = TABS.find((item) => item.key === tab);
  const page = tab === 'documents' ? undefined : (open?.title ?? open?.label);
  const crumbs: Crumb[] = page
    ? [{ label: SECTION_LABEL, to: BILLING_PATH }, { label: page }]
    : [{ label: SECTION_LABEL }];
  return (
    <Stack gap="md">
      <PanelPageHeader
        breadcrumbs={[{ label: 'کنسول کارکنان', to: ADMIN_PATH }, ...crumbs]}
        title={page ?? SECTION_LABEL}
        description={description}
        actions={actions}
      />
      <Group component="nav" aria-label="بخش‌های مالی" gap={6} wrap="wrap">
        {TABS.map((item) => (
          <Button
            key={item.key}
            component={Link}
            to={item.to}
            radius="xl"
            size="sm"
            variant={item.key === tab ? 'filled' : 'default'}
            aria-current={item.key === tab ? 'page' : undefined}
          >
            {item.label}
            {item.key === 'tax-system' && taxWork && (
              <>
                <Badge
                  ms={6}
                  size="sm"
                  circle={taxWork.count < 10}
                  color={taxWork.urgent ? 'orange' : 'gray'}
                  variant={taxWork.urgent ? 'filled' : 'light'}
                  aria-hidden
                >
                  {toPersianDigits(taxWork.count)}
                </Badge>
                <VisuallyHidden>{` ${toPersianDigits(taxWork.count)} ${taxWork.label}`}</VisuallyHidden>
              </>
            )}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
