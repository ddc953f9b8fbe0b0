export { assignmentsRoutes } from './assignments.routes.js';
export {
  assignmentsQuery,
  careersOfUser,
  findAssignment,
  findUserRole,
  listAssignments,
  teacherAssignments,
} from './assignments.repository.js';
