// The public surface of this module (docs/architecture.md): what the app uses. The customers
// module composes accounts, orders, services and the wallet (layer 6); nothing below imports it.

export { accountRoutes } from './account.routes';
export { staffCustomersRoutes } from './staff.routes';
