// The public surface of this module (docs/architecture.md): what the app and other modules use.

export { changedFields, findRecordHistory, writeAudit } from './audit.service';
export { auditRoutes } from './staff.routes';
