// The public surface of this module (docs/architecture.md): what the app and other modules use.

export { authRoutes } from './auth.routes';
export { type UserRole, users } from './schema';
export { isSessionOpen, readStaffStanding } from './sessions.service';
export { staffCustomersRoutes } from './staff.routes';
export { usersRoutes } from './users.routes';
export {
  confirmOwnPassword,
  fillEmptyProfile,
  personName,
  readAccountInfo,
} from './users.service';
