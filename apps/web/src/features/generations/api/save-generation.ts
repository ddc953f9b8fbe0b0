import type { Generation, GenerationUpdateBody } from '@egreso/domain';
import { declareWrite } from '../../../lib/cache';
import { useSaveResource } from '../../../lib/resource-mutations';

const SAVE_GENERATION = declareWrite('POST|PUT /generations', ['generations']);

/** POST /generations or PUT /generations/{id}, both with start_date and end_date. */
export const useSaveGeneration = () =>
  useSaveResource<Generation, GenerationUpdateBody>('/generations', SAVE_GENERATION);
