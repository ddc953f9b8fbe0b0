import { generationPreview, type GenerationPreview } from '@egreso/domain';
import { api } from '../../../lib/api';

/**
 * GET /generations/preview; when the call fails the same preview is computed locally
 * (start + 54 months, nine semesters), as the spec asks.
 */
export async function fetchGenerationPreview(startDate: string): Promise<GenerationPreview> {
  try {
    return await api<GenerationPreview>('/generations/preview', { query: { start_date: startDate } });
  } catch {
    return generationPreview(startDate);
  }
}
