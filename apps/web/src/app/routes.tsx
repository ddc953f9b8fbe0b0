import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenPath } from '@egreso/domain';

type Page = LazyExoticComponent<ComponentType>;

/**
 * The page of every screen of the domain's route table (SCREEN_ROUTES, which says who may open it), each in its own
 * lazily loaded chunk. Keyed by the table's paths: a page the table does not list cannot be added here.
 */
export const PAGES: Record<ScreenPath, Page> = {
  '/Acount': lazy(() => import('../features/account/pages/AccountPage')),
  '/StudentDashboard': lazy(() => import('../roles/student/StudentDashboardPage')),
  '/SubjectsSelection': lazy(() => import('../features/grades/pages/StudentGradesPage')),
  '/StudentReports': lazy(() => import('../features/reports/pages/StudentReportsPage')),
  '/Selection': lazy(() => import('../features/enrolment/pages/SelectionPage')),
  '/TeacherDashboard': lazy(() => import('../roles/teacher/TeacherDashboardPage')),
  '/CreateActivity': lazy(() => import('../features/activities/pages/ActivitiesPage')),
  '/Ratings': lazy(() => import('../features/grades/pages/RatingsPage')),
  '/ViewReport': lazy(() => import('../features/reports/pages/ViewReportPage')),
  '/Criteria': lazy(() => import('../features/rubrics/pages/CriteriaPage')),
  '/DivisionChiefDashboard': lazy(() => import('../roles/chief/ChiefDashboardPage')),
  '/Teachers': lazy(() => import('../features/people/pages/TeachersPage')),
  '/Students': lazy(() => import('../features/people/pages/StudentsPage')),
  '/Assignments': lazy(() => import('../features/assignments/pages/AssignmentsPage')),
  '/Subjects': lazy(() => import('../features/subjects/pages/SubjectsPage')),
  '/Attributes': lazy(() => import('../features/attributes/pages/AttributesPage')),
  '/Report': lazy(() => import('../features/reports/pages/DivisionReportPage')),
  '/ReportTargets': lazy(() => import('../features/reports/pages/AttributeTargetsPage')),
  '/ReportEvidence': lazy(() => import('../features/reports/pages/EvidencePage')),
  '/CurriculumMap': lazy(() => import('../features/reports/pages/CurriculumMapPage')),
  '/ImprovementActions': lazy(() => import('../features/reports/pages/ImprovementActionsPage')),
  '/ReportPerformance': lazy(() => import('../features/reports/pages/PerformancePage')),
  '/Groups': lazy(() => import('../features/groups/pages/GroupsPage')),
  '/AdminDashboard': lazy(() => import('../roles/admin/AdminDashboardPage')),
  '/Admin/Careers': lazy(() => import('../features/careers/pages/CareersPage')),
  '/Admin/Jefes': lazy(() => import('../features/people/pages/ChiefsPage')),
  '/Admin/Periods': lazy(() => import('../features/periods/pages/PeriodsPage')),
  '/Admin/Generations': lazy(() => import('../features/generations/pages/GenerationsPage')),
};
