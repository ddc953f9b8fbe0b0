import type { Attribute, AttributeCreateBody, AttributeUpdateBody } from '@egreso/domain';
import { useSaveResource } from '../../../lib/resource-mutations';
import { queryKeys } from '../../../lib/query-keys';

/** POST /attributes or PUT /attributes/{id}; subjects show attribute names, so they are refreshed too. */
export const useSaveAttribute = () =>
  useSaveResource<Attribute, AttributeCreateBody, AttributeUpdateBody>('/attributes', [
    queryKeys.attributes.all,
    queryKeys.subjects.all,
  ]);
