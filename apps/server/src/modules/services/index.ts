// The public surface of this module (docs/architecture.md): what the app and other modules use.

export {
  type HostingAccount,
  type HostingPlaced,
  type HostingPlacedReport,
  hostingAccountsOf,
  hostingPlaced,
  noteHostingDns,
  panelServerAddresses,
} from './hosting';
export { panelRoutes } from './panel.routes';
export { servicesReactions } from './reactions';
export {
  deliverNotice,
  type NoticeDelivery,
  type NoticeLedger,
  type NoticeText,
} from './service-notices';
export { listExpiringServices } from './services.service';
export { staffServicesRoutes } from './staff.routes';
export { adminServiceViewOf } from './staff-services.service';
export { countServiceWork, type ServiceWork, servicesWaitingForStaff } from './staff-work';
export { servicesView } from './views';
