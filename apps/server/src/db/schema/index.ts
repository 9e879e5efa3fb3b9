export * from './auth';
export * from './catalog';
export * from './client-errors';
export * from './commerce';
export * from './live';
export * from './support';
export * from './users';
export * from './wallet';
