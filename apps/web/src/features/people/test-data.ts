import type { Generation, Group, UserListItem, UsersPage } from '@egreso/domain';

const stamp = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };

export const GROUPS: Group[] = [
  {
    id: 1,
    group_name: '501',
    semester_id: 5,
    semester: { id: 5, semester_name: 'Quinto semestre' },
    ...stamp,
  } as Group,
  {
    id: 2,
    group_name: '301',
    semester_id: 3,
    semester: { id: 3, semester_name: 'Tercer semestre' },
    ...stamp,
  } as Group,
];

export const GENERATIONS = [
  { id: 7, start_date: '2024-08-01', end_date: '2029-02-01', generation_name: '2024-2029', ...stamp },
] as unknown as Generation[];

export function person(id: number, fullName: string, extra: Partial<UserListItem> = {}): UserListItem {
  return {
    id,
    full_name: fullName,
    name: fullName,
    email: `u${id}@demo.edu.mx`,
    rol: 3,
    role: 3,
    controlnumber: `L${id}`,
    gender: 1,
    photo: null,
    user_careers: [],
    groups: [],
    latest_generation: null,
    ...stamp,
    ...extra,
  } as UserListItem;
}

export function page(data: UserListItem[], total = data.length): UsersPage {
  return { data, meta: { current_page: 1, last_page: Math.max(1, Math.ceil(total / 20)), total, per_page: 20 } };
}
