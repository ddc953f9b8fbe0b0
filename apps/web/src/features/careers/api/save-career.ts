import type { Career, CareerBody } from '@egreso/domain';
import { useSaveResource } from '../../../lib/resource-mutations';
import { queryKeys } from '../../../lib/query-keys';

/** POST /careers or PUT /careers/{id}, depending on whether an id is given. */
export const useSaveCareer = () => useSaveResource<Career, CareerBody>('/careers', [queryKeys.careers.all]);
