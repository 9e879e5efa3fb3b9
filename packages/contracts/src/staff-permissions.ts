// The staff role matrix (issue 18, decision 0017): every staff call names one permission, and
// this table is the only place that says which roles hold it. Support works tickets and reads
// the dashboard, orders and customers; the catalog, articles, discount codes (personal ones
// included), the audit log and the error reports of customers' browsers (technical detail for
// whoever runs the site) are admins' alone, to read as well as to change.

export const STAFF_ROLES = ['support', 'admin'] as const;
export type StaffRoleName = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = {
  'dashboard.read': ['support', 'admin'],
  'orders.read': ['support', 'admin'],
  'orders.manage': ['admin'],
  'customers.read': ['support', 'admin'],
  'customers.manage': ['admin'],
  'services.manage': ['admin'],
  'tickets.work': ['support', 'admin'],
  'catalog.read': ['admin'],
  'catalog.manage': ['admin'],
  'articles.read': ['admin'],
  'articles.manage': ['admin'],
  'discounts.read': ['admin'],
  'discounts.manage': ['admin'],
  'audit.read': ['admin'],
  'errors.read': ['admin'],
  'billing.read': ['support', 'admin'],
  'billing.manage': ['admin'],
} as const satisfies Record<string, readonly StaffRoleName[]>;

export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

/** Whether a user in `role` holds `permission`; customers hold none. */
export function hasPermission(role: string, permission: StaffPermission): boolean {
  return (STAFF_PERMISSIONS[permission] as readonly string[]).includes(role);
}
