// The public surface of this module (docs/architecture.md): what the app and other modules use.

export { domainRoutes } from './domains.routes';
export { domainsReactions } from './reactions';
export { sealRegistrarCredentials } from './registrars';
export { countDomainsNeedingStaff } from './staff-domains.service';
export { domainsWaitingForStaff } from './waiting-work';
