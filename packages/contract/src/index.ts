export * from './auth.js';
export * from './constants.js';
export * from './envelope.js';
export * from './errors.js';
export * from './permissions.js';
export * from './protocol.js';
export * from './routes.js';
export * from './site.js';
