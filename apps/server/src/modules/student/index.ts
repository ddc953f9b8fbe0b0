export { studentRoutes } from './student.routes.js';
export { listStudentSubjects } from './records.repository.js';
