export { teacherReportsRoutes } from './teacher-reports.routes.js';
