import { declareWrite } from '../../../lib/cache';
import { useDeleteResource } from '../../../lib/resource-mutations';

const DELETE_CAREER = declareWrite('DELETE /careers/{id}', ['careers']);

/** DELETE /careers/{id}. */
export const useDeleteCareer = () => useDeleteResource('/careers', DELETE_CAREER);
