import type {
  CreatedUser,
  LatestGeneration,
  UserUpdateAnswer,
  UserCreateBody,
  UserGeneration,
  UserUpdateBody,
} from '@egreso/domain';
import { api } from '../../../lib/api';
import { declareWrite, useWrite } from '../../../lib/cache';

/** The generation link to keep: the chosen generation, the status and the semester a new link starts in. */
export interface StudentGenerationInput {
  generation_id: number;
  active: number;
  current_semester_id: number;
}

export type SaveStudentInput =
  | { id: null; body: UserCreateBody; groupIds: number[] }
  | {
      id: number;
      body: UserUpdateBody;
      groupIds: number[];
      /** The groups the student had, so unchanged groups are not rewritten. */
      previousGroupIds: number[];
      generation: StudentGenerationInput;
      previousGeneration: LatestGeneration | null;
    };

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));

async function setGroups(userId: number, groupIds: number[]) {
  await api(`/usergroups/clear/${userId}`, { method: 'DELETE' });
  for (const groupId of groupIds)
    await api('/usergroups', { method: 'POST', body: { user_id: userId, group_id: groupId } });
}

/** Creates the student's first generation link, or changes the latest one when something differs. */
async function setGeneration(userId: number, next: StudentGenerationInput, previous: LatestGeneration | null) {
  if (!previous) {
    await api<UserGeneration>('/usergenerations', { method: 'POST', body: { user_id: userId, ...next } });
    return;
  }
  if (previous.generation_id === next.generation_id && previous.active === next.active) return;
  await api<UserGeneration>(`/usergenerations/${previous.id}`, {
    method: 'PUT',
    body: { generation_id: next.generation_id, active: next.active },
  });
}

/**
 * The spec's calls in order: POST or PUT /users; on a change of groups DELETE /usergroups/clear/{id} then one POST
 * /usergroups per group; on edit the generation link (POST /usergenerations, or PUT /usergenerations/{id}).
 */
export async function saveStudent(input: SaveStudentInput): Promise<UserUpdateAnswer | CreatedUser> {
  if (input.id === null) {
    const user = await api<CreatedUser>('/users', { method: 'POST', body: input.body });
    await setGroups(user.id, input.groupIds);
    return user;
  }
  // With mail, a new e-mail waits for its confirmation link (`pending_email`, `mail`).
  const user = await api<UserUpdateAnswer>(`/users/${input.id}`, { method: 'PUT', body: input.body });
  if (!sameSet(input.groupIds, input.previousGroupIds)) await setGroups(input.id, input.groupIds);
  await setGeneration(input.id, input.generation, input.previousGeneration);
  return user;
}

/** The person, their groups and their generation link, whose status a change records in the history. */
const SAVE_STUDENT = declareWrite('POST|PUT /users (student), /usergroups, /usergenerations', [
  'users',
  'memberships',
  'statuses',
]);

/** Groups and generation links show in the lists too, so they are refreshed even after a partial failure. */
export const useSaveStudent = () => useWrite(SAVE_STUDENT, saveStudent, { refreshOnError: true });
