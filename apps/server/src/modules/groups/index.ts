export { groupsRoutes } from './groups.routes.js';
export { findGroup, insertGroup } from './groups.repository.js';
