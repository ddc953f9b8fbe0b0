import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;

/** Every route of the spec's route table, each page in its own lazily loaded chunk. */
export const PAGES: Array<{ path: string; Component: Page }> = [
  { path: '/Acount', Component: lazy(() => import('../features/account/pages/AccountPage')) },
  { path: '/StudentDashboard', Component: lazy(() => import('../features/student/pages/StudentDashboardPage')) },
  { path: '/SubjectsSelection', Component: lazy(() => import('../features/student/pages/GradesPage')) },
  { path: '/StudentReports', Component: lazy(() => import('../features/student/pages/StudentReportsPage')) },
  { path: '/Selection', Component: lazy(() => import('../features/student/pages/SelectionPage')) },
  { path: '/TeacherDashboard', Component: lazy(() => import('../features/teacher/pages/TeacherDashboardPage')) },
  { path: '/CreateActivity', Component: lazy(() => import('../features/teacher/pages/ActivitiesPage')) },
  { path: '/Ratings', Component: lazy(() => import('../features/teacher/pages/RatingsPage')) },
  { path: '/ViewReport', Component: lazy(() => import('../features/teacher/pages/ViewReportPage')) },
  { path: '/Criteria', Component: lazy(() => import('../features/teacher/pages/CriteriaPage')) },
  { path: '/DivisionChiefDashboard', Component: lazy(() => import('../features/chief/pages/ChiefDashboardPage')) },
  { path: '/Teachers', Component: lazy(() => import('../features/chief/pages/TeachersPage')) },
  { path: '/Students', Component: lazy(() => import('../features/chief/pages/StudentsPage')) },
  { path: '/Assignments', Component: lazy(() => import('../features/chief/pages/AssignmentsPage')) },
  { path: '/Subjects', Component: lazy(() => import('../features/chief/pages/SubjectsPage')) },
  { path: '/Attributes', Component: lazy(() => import('../features/chief/pages/AttributesPage')) },
  { path: '/Report', Component: lazy(() => import('../features/chief/pages/ReportPage')) },
  { path: '/Groups', Component: lazy(() => import('../features/chief/pages/GroupsPage')) },
  { path: '/AdminDashboard', Component: lazy(() => import('../features/admin/pages/AdminDashboardPage')) },
  { path: '/Admin/Careers', Component: lazy(() => import('../features/admin/pages/CareersPage')) },
  { path: '/Admin/Jefes', Component: lazy(() => import('../features/admin/pages/ChiefsPage')) },
  { path: '/Admin/Periods', Component: lazy(() => import('../features/admin/pages/PeriodsPage')) },
  { path: '/Admin/Generations', Component: lazy(() => import('../features/admin/pages/GenerationsPage')) },
];
