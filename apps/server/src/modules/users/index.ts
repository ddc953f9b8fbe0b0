export { spreadsheetsRoutes } from './spreadsheets.routes.js';
export { studentsRoutes } from './students.routes.js';
export { usersRoutes } from './users.routes.js';
export { moveMembers } from './students.repository.js';
export { listUsers } from './users.service.js';
export { buildWorkbook, STUDENT_COLUMNS, TEACHER_COLUMNS } from './workbook.js';
