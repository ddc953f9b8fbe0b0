import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;

/** Every route of the spec's route table, each page in its own lazily loaded chunk. */
export const PAGES: Array<{ path: string; Component: Page }> = [
  { path: '/Acount', Component: lazy(() => import('../features/account/pages/AccountPage')) },
  { path: '/StudentDashboard', Component: lazy(() => import('../roles/student/StudentDashboardPage')) },
  { path: '/SubjectsSelection', Component: lazy(() => import('../features/grades/pages/StudentGradesPage')) },
  { path: '/StudentReports', Component: lazy(() => import('../features/reports/pages/StudentReportsPage')) },
  { path: '/Selection', Component: lazy(() => import('../features/enrolment/pages/SelectionPage')) },
  { path: '/TeacherDashboard', Component: lazy(() => import('../roles/teacher/TeacherDashboardPage')) },
  { path: '/CreateActivity', Component: lazy(() => import('../features/activities/pages/ActivitiesPage')) },
  { path: '/Ratings', Component: lazy(() => import('../features/grades/pages/RatingsPage')) },
  { path: '/ViewReport', Component: lazy(() => import('../features/reports/pages/ViewReportPage')) },
  { path: '/Criteria', Component: lazy(() => import('../features/rubrics/pages/CriteriaPage')) },
  { path: '/DivisionChiefDashboard', Component: lazy(() => import('../roles/chief/ChiefDashboardPage')) },
  { path: '/Teachers', Component: lazy(() => import('../features/people/pages/TeachersPage')) },
  { path: '/Students', Component: lazy(() => import('../features/people/pages/StudentsPage')) },
  { path: '/Assignments', Component: lazy(() => import('../features/assignments/pages/AssignmentsPage')) },
  { path: '/Subjects', Component: lazy(() => import('../features/subjects/pages/SubjectsPage')) },
  { path: '/Attributes', Component: lazy(() => import('../features/attributes/pages/AttributesPage')) },
  { path: '/Report', Component: lazy(() => import('../features/reports/pages/DivisionReportPage')) },
  { path: '/ReportTargets', Component: lazy(() => import('../features/reports/pages/AttributeTargetsPage')) },
  { path: '/ReportEvidence', Component: lazy(() => import('../features/reports/pages/EvidencePage')) },
  { path: '/CurriculumMap', Component: lazy(() => import('../features/reports/pages/CurriculumMapPage')) },
  { path: '/ImprovementActions', Component: lazy(() => import('../features/reports/pages/ImprovementActionsPage')) },
  { path: '/ReportPerformance', Component: lazy(() => import('../features/reports/pages/PerformancePage')) },
  { path: '/Groups', Component: lazy(() => import('../features/groups/pages/GroupsPage')) },
  { path: '/AdminDashboard', Component: lazy(() => import('../roles/admin/AdminDashboardPage')) },
  { path: '/Admin/Careers', Component: lazy(() => import('../features/careers/pages/CareersPage')) },
  { path: '/Admin/Jefes', Component: lazy(() => import('../features/people/pages/ChiefsPage')) },
  { path: '/Admin/Periods', Component: lazy(() => import('../features/periods/pages/PeriodsPage')) },
  { path: '/Admin/Generations', Component: lazy(() => import('../features/generations/pages/GenerationsPage')) },
];
