// The public surface of this module (docs/architecture.md): what the app and other modules use.

export { taxSystemReactions } from './reactions';
export { overdueCount as taxDocumentsOverdue } from './staff.service';
export { taxSystemRoutes } from './tax-system.routes';
