// The public surface of this module (docs/architecture.md): what other modules may use.

export type { StaffActor } from './customer-actions.service';
export { adminServiceViewOf } from './customers.service';
export { refreshTokens, users } from './schema';
