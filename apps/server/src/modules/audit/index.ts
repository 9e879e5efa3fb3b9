// The public surface of this module (docs/architecture.md): what other modules may use.

export { changedFields, writeAudit } from './audit.service';
export { auditLog } from './schema';
