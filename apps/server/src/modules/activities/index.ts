export { activitiesRoutes } from './activities.routes.js';
export { activityOwners, listActivities } from './activities.repository.js';
