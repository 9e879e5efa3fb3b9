export * from './auth';
export * from './client-errors';
export * from './commerce';
export * from './users';
