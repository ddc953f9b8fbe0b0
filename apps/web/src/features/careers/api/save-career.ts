import type { Career, CareerBody } from '@egreso/domain';
import { declareWrite } from '../../../lib/cache';
import { useSaveResource } from '../../../lib/resource-mutations';

const SAVE_CAREER = declareWrite('POST|PUT /careers', ['careers']);

/** POST /careers or PUT /careers/{id}, depending on whether an id is given. */
export const useSaveCareer = () => useSaveResource<Career, CareerBody>('/careers', SAVE_CAREER);
