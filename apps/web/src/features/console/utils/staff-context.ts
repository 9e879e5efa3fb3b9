import { createContext, use } from 'react';
import type { StaffRole } from './admin-sections';

export interface StaffMember {
  userId: string;
  role: StaffRole;
}

/**
 * Who is using the console, given by its layout (components/admin-layout.tsx) to the pages
 * under it. The layout renders them only for support and admins.
 */
export const StaffContext = createContext<StaffMember | null>(null);

export function useStaffMember(): StaffMember {
  const staff = use(StaffContext);
  if (staff === null) throw new Error('useStaffMember is for pages under the admin layout');
  return staff;
}
