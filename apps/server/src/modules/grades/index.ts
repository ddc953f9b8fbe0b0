export { listFinalGrades, selectFinalGrades } from './grades.repository.js';
