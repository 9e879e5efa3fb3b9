// Every table, for the migrations (drizzle.config.ts) and for tests that look into the database.
// Each table is declared where it belongs (docs/architecture.md): a module's in its schema.ts,
// the sandbox gateway's with the provider, the demo seed's bookkeeping with the demo. The server
// itself never imports this list.

export * from './demo/seed-runs';
export * from './modules/accounts/schema';
export * from './modules/app/schema';
export * from './modules/audit/schema';
export * from './modules/billing/schema';
export * from './modules/catalog/schema';
export * from './modules/content/schema';
export * from './modules/dashboard/schema';
export * from './modules/domains/schema';
export * from './modules/files/schema';
export * from './modules/live/schema';
export * from './modules/orders/schema';
export * from './modules/services/schema';
export * from './modules/tax-system/schema';
export * from './modules/tickets/schema';
export * from './modules/wallet/schema';
export * from './providers/dns/dns-schema';
export * from './providers/panel/sandbox-schema';
export * from './providers/payment/sandbox-schema';
export * from './providers/registrar/sandbox-schema';
