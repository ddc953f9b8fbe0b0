import type { Attribute, AttributeCreateBody, AttributeUpdateBody } from '@egreso/domain';
import { declareWrite } from '../../../lib/cache';
import { useSaveResource } from '../../../lib/resource-mutations';

const SAVE_ATTRIBUTE = declareWrite('POST|PUT /attributes', ['attributes']);

/** POST /attributes or PUT /attributes/{id}; subjects and reports show attribute names. */
export const useSaveAttribute = () =>
  useSaveResource<Attribute, AttributeCreateBody, AttributeUpdateBody>('/attributes', SAVE_ATTRIBUTE);
