import { declareWrite } from '../../../lib/cache';
import { useDeleteResource } from '../../../lib/resource-mutations';

const DELETE_INDICATOR = declareWrite('DELETE /indicators/{id}', ['rubrics']);

/** DELETE /indicators/{id}. */
export const useDeleteIndicator = () => useDeleteResource('/indicators', DELETE_INDICATOR);
