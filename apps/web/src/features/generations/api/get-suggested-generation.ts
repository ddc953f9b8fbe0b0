import type { GenerationSuggestion } from '@egreso/domain';
import { api } from '../../../lib/api';

/** GET /generations/suggest-next: the suggested start, its end and its semesters. */
export function fetchSuggestedGeneration(): Promise<GenerationSuggestion> {
  return api<GenerationSuggestion>('/generations/suggest-next');
}
