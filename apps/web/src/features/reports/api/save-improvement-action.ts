import type { ImprovementAction, ImprovementActionBody, ImprovementActionUpdateBody } from '@egreso/domain';
import { declareWrite } from '../../../lib/cache';
import { useSaveResource } from '../../../lib/resource-mutations';

const SAVE_ACTION = declareWrite('POST|PUT /reportes/acciones-mejora', ['improvementActions']);

/** POST /reportes/acciones-mejora (id null) or PUT /reportes/acciones-mejora/{id}. */
export const useSaveImprovementAction = () =>
  useSaveResource<ImprovementAction, ImprovementActionBody, ImprovementActionUpdateBody>(
    '/reportes/acciones-mejora',
    SAVE_ACTION,
  );
