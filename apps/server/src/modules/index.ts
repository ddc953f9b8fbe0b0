import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/auth.routes.js';
import { oidcRoutes } from './auth/oidc.routes.js';
import { mailRoutes } from './auth/mail.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { studentsRoutes } from './users/students.routes.js';
import { spreadsheetsRoutes } from './users/spreadsheets.routes.js';
import { careersRoutes } from './careers/careers.routes.js';
import { periodsRoutes } from './periods/periods.routes.js';
import { groupPolicyRoutes } from './group-policy/group-policy.routes.js';
import { generationsRoutes } from './generations/generations.routes.js';
import { attributesRoutes } from './attributes/attributes.routes.js';
import { groupsRoutes } from './groups/groups.routes.js';
import { subjectsRoutes } from './subjects/subjects.routes.js';
import { assignmentsRoutes } from './assignments/assignments.routes.js';
import { cataloguesRoutes } from './catalogues/catalogues.routes.js';
import { activitiesRoutes } from './activities/activities.routes.js';
import { gradingRoutes } from './grading/grading.routes.js';
import { historyRoutes } from './grading/history.routes.js';
import { ratingsRoutes } from './grading/ratings.routes.js';
import { gradebookRoutes } from './grading/gradebook.routes.js';
import { observationsRoutes } from './observations/observations.routes.js';
import { studentRoutes } from './student/student.routes.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { rubricsRoutes } from './rubrics/rubrics.routes.js';
import { teacherReportsRoutes } from './teacher-reports/teacher-reports.routes.js';
import { improvementRoutes } from './improvement/improvement.routes.js';

/** Every API module, mounted under /api. */
export const apiModules: FastifyPluginAsyncZod[] = [
  authRoutes,
  oidcRoutes,
  mailRoutes,
  usersRoutes,
  studentsRoutes,
  spreadsheetsRoutes,
  careersRoutes,
  periodsRoutes,
  groupPolicyRoutes,
  generationsRoutes,
  attributesRoutes,
  groupsRoutes,
  subjectsRoutes,
  assignmentsRoutes,
  cataloguesRoutes,
  activitiesRoutes,
  gradingRoutes,
  historyRoutes,
  ratingsRoutes,
  gradebookRoutes,
  observationsRoutes,
  studentRoutes,
  reportsRoutes,
  rubricsRoutes,
  teacherReportsRoutes,
  improvementRoutes,
];
