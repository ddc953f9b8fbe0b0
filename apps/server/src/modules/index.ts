import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes, oidcRoutes, mailRoutes } from './auth/index.js';
import { usersRoutes, studentsRoutes, spreadsheetsRoutes } from './users/index.js';
import { careersRoutes } from './careers/index.js';
import { periodsRoutes } from './periods/index.js';
import { groupPolicyRoutes } from './group-policy/index.js';
import { generationsRoutes } from './generations/index.js';
import { attributesRoutes } from './attributes/index.js';
import { groupsRoutes } from './groups/index.js';
import { subjectsRoutes } from './subjects/index.js';
import { assignmentsRoutes } from './assignments/index.js';
import { cataloguesRoutes } from './catalogues/index.js';
import { activitiesRoutes } from './activities/index.js';
import { gradingRoutes, historyRoutes, ratingsRoutes, gradebookRoutes } from './grading/index.js';
import { observationsRoutes } from './observations/index.js';
import { studentRoutes } from './student/index.js';
import { reportsRoutes } from './reports/index.js';
import { rubricsRoutes } from './rubrics/index.js';
import { teacherReportsRoutes } from './teacher-reports/index.js';
import { improvementRoutes } from './improvement/index.js';

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
