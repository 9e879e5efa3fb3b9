// The public surface of this module (docs/architecture.md): what the app and other modules use.

export { domainRoutes } from './domains.routes';
export { sealRegistrarCredentials } from './registrars';
