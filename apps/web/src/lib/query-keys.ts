/**
 * Every TanStack Query key of the app, one factory per resource. A resource's `all` prefixes its other keys, so a
 * mutation invalidates `queryKeys.x.all` to refresh every list, filter and summary of that resource.
 */
export interface PeriodListFilters {
  period_name?: string;
  status?: string;
  is_active?: 0 | 1;
  page?: number;
  per_page?: number;
}

export interface UserListFilters {
  role?: number;
  search?: string;
  group_id?: number;
  active?: number;
  page?: number;
  per_page?: number;
}

export const queryKeys = {
  me: { all: ['me'] as const },
  account: {
    all: ['account'] as const,
    detail: (id: number) => ['account', id] as const,
  },
  sessions: { all: ['sessions'] as const, list: (userId: number) => ['sessions', userId] as const },
  users: {
    all: ['users'] as const,
    list: (filters: UserListFilters) => ['users', 'list', filters] as const,
  },
  careers: { all: ['careers'] as const, list: () => ['careers', 'list'] as const },
  periods: {
    all: ['periods'] as const,
    list: (filters: PeriodListFilters) => ['periods', 'list', filters] as const,
    summary: () => ['periods', 'summary'] as const,
    active: () => ['periods', 'active'] as const,
  },
  generations: { all: ['generations'] as const, list: () => ['generations', 'list'] as const },
  groupPolicy: { all: ['group-policy'] as const },
  semesters: { all: ['semesters'] as const, list: () => ['semesters', 'list'] as const },
  subjects: {
    all: ['subjects'] as const,
    list: () => ['subjects', 'list'] as const,
    semesters: () => ['subjects', 'semesters'] as const,
  },
  attributes: { all: ['attributes'] as const, list: () => ['attributes', 'list'] as const },
  groups: { all: ['groups'] as const, list: () => ['groups', 'list'] as const },
  assignments: { all: ['assignments'] as const, current: () => ['assignments', 'current'] as const },
};
