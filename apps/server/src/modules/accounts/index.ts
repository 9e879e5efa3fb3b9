// The public surface of this module (docs/architecture.md): what the app and other modules use.

export { authRoutes } from './auth.routes';
export type { UserRole } from './schema';
export {
  endUserSessions,
  findOpenSessionsByUserId,
  isSessionOpen,
  readStaffStanding,
} from './sessions.service';
export { usersRoutes } from './users.routes';
export {
  confirmOwnPassword,
  fillEmptyProfile,
  findUserById,
  findUserForUpdate,
  lockUser,
  personName,
  unlockUser,
  updateProfile,
} from './users.service';
export { peopleView, personFields } from './views';
