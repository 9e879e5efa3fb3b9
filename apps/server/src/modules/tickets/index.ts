// The public surface of this module (docs/architecture.md): what the app and other modules use.

export { staffTicketsRoutes } from './staff.routes';
export { ticketsRoutes } from './tickets.routes';
export { ticketMessagesView, ticketsView } from './views';
