export { groupPolicyRoutes } from './group-policy.routes.js';
export { readGroupPolicy } from './group-policy.repository.js';
