export * from './client-errors';
export * from './users';
