import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PathInput, PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import type { AuditFilters } from '../utils/audit-filters';

export const AUDIT_PAGE_SIZE = 20;

type AuditLogPath = '/api/admin/audit/get-audit-log';
export type AuditLogPage = PathResult<AuditLogPath>;
export type AuditLogEntry = AuditLogPage['items'][number];

/** One page of the audit log, newest first; an action filter matches every action under it. */
export function fetchAuditLog(filters: AuditFilters, signal?: AbortSignal) {
  const input: PathInput<AuditLogPath> = { page: filters.page, pageSize: AUDIT_PAGE_SIZE };
  if (filters.action) input.action = `${filters.action}.`;
  if (filters.entityType) input.entityType = filters.entityType;
  if (filters.entityId) input.entityId = filters.entityId;
  if (filters.after) input.after = filters.after;
  return callAsUser('/api/admin/audit/get-audit-log', input, { signal, silent: true });
}

export function auditLogQueryOptions(userId: string, filters: AuditFilters) {
  return queryOptions({
    queryKey: [
      'admin',
      userId,
      'audit',
      filters.action ?? 'all',
      filters.entityType,
      filters.entityId,
      filters.page,
      filters.after,
    ],
    queryFn: ({ signal }) => fetchAuditLog(filters, signal),
    placeholderData: keepPreviousData,
    // The log grows with every staff action: opening it shows what is there now.
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useAuditLog(userId: string, filters: AuditFilters) {
  return useQuery(auditLogQueryOptions(userId, filters));
}
