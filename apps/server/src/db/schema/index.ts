// Every table, for the migrations (drizzle.config.ts) and for tests. Each table is declared in
// the module that owns it (docs/architecture.md); application code imports a module's tables
// from that module, never from here.
export * from '../../modules/accounts/schema';
export * from '../../modules/app/schema';
export * from '../../modules/audit/schema';
export * from '../../modules/catalog/schema';
export * from '../../modules/content/schema';
export * from '../../modules/live/schema';
export * from '../../modules/orders/schema';
export * from '../../modules/services/schema';
export * from '../../modules/tickets/schema';
export * from '../../modules/wallet/schema';
export * from '../../providers/payment/sandbox-schema';
export * from './seed-runs';
