import { readCursorParam } from '../../../../lib/list-cursor';
import { readChoice, readPage, toSearchParams } from '../../../../lib/url-params';
import { type AuditActionPrefix, isAuditActionPrefix } from '../../../console/utils/audit-actions';

// The audit log's filters live in the address (?action=&type=&id=&page=&after=), so a shared link shows
// the same rows. An unknown action prefix is no filter; the record's type and id go to the server
// as typed, cut to the lengths it accepts.

export const ENTITY_TYPE_MAX_LENGTH = 40;
export const ENTITY_ID_MAX_LENGTH = 100;

export interface AuditFilters {
  action: AuditActionPrefix | null;
  entityType: string;
  entityId: string;
  page: number;
  /** The cursor the page was reached by (decision 0033); null on a page reached by number. */
  after: string | null;
}

function readText(params: URLSearchParams, key: string, max: number): string {
  return (readChoice(params, key) ?? '').slice(0, max).trim();
}

export const auditFilterCodec = {
  parse: (params: URLSearchParams): AuditFilters => {
    const action = readChoice(params, 'action');
    return {
      action: action !== null && isAuditActionPrefix(action) ? action : null,
      entityType: readText(params, 'type', ENTITY_TYPE_MAX_LENGTH),
      entityId: readText(params, 'id', ENTITY_ID_MAX_LENGTH),
      page: readPage(params),
      after: readCursorParam(params),
    };
  },
  write: (filters: AuditFilters) =>
    toSearchParams([
      ['action', filters.action],
      ['type', filters.entityType.trim()],
      ['id', filters.entityId.trim()],
      ['page', filters.page],
      ['after', filters.after],
    ]),
};

export function hasAuditFilters(filters: AuditFilters): boolean {
  return filters.action !== null || filters.entityType !== '' || filters.entityId !== '';
}
