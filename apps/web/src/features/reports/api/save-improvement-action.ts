import type { ImprovementAction, ImprovementActionBody, ImprovementActionUpdateBody } from '@egreso/domain';
import { queryKeys } from '../../../lib/query-keys';
import { useSaveResource } from '../../../lib/resource-mutations';

/** POST /reportes/acciones-mejora (id null) or PUT /reportes/acciones-mejora/{id}. */
export const useSaveImprovementAction = () =>
  useSaveResource<ImprovementAction, ImprovementActionBody, ImprovementActionUpdateBody>('/reportes/acciones-mejora', [
    queryKeys.improvementActions.all,
  ]);
