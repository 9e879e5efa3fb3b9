export * from './call';
export * from './calls/app';
export * from './constants';
export * from './envelope';
export * from './errors';
export * from './fields';
export * from './list';
export * from './persian-issues';
