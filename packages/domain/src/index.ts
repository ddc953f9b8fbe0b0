export * from './roles.js';
export * from './limits.js';
export * from './messages.js';
export * from './rules.js';
export * from './permissions.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/users.js';
