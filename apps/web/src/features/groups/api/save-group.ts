import type { Group, GroupBody } from '@egreso/domain';
import { declareWrite } from '../../../lib/cache';
import { useSaveResource } from '../../../lib/resource-mutations';

const SAVE_GROUP = declareWrite('POST|PUT /groups', ['groups']);

/** POST /groups or PUT /groups/{id}; assignment chips and student lists show group names. */
export const useSaveGroup = () => useSaveResource<Group, GroupBody>('/groups', SAVE_GROUP);
