import type { Generation, GenerationUpdateBody } from '@egreso/domain';
import { useSaveResource } from '../../../lib/resource-mutations';
import { queryKeys } from '../../../lib/query-keys';

/** POST /generations or PUT /generations/{id}, both with start_date and end_date. */
export const useSaveGeneration = () =>
  useSaveResource<Generation, GenerationUpdateBody>('/generations', [queryKeys.generations.all]);
