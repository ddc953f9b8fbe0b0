import { useQuery } from '@tanstack/react-query';
import type { CurriculumMapAnswer, EvidenceAnswer, EvidenceQuery } from '@egreso/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function fetchEvidence(q: EvidenceQuery): Promise<EvidenceAnswer> {
  return api<EvidenceAnswer>('/reportes/evidencia', {
    query: { career_id: q.career_id, generation_id: q.generation_id },
  });
}

/** GET /reportes/evidencia: a generation's evidence per attribute; nothing is asked before 'Consultar'. */
export function useEvidence(q: EvidenceQuery | null) {
  return useQuery({
    queryKey: queryKeys.evidence.cohort(q?.career_id ?? 0, q?.generation_id ?? 0),
    queryFn: () => fetchEvidence(q!),
    enabled: q !== null,
  });
}

export function fetchCurriculumMap(careerId: number, periodId: number | null): Promise<CurriculumMapAnswer> {
  return api<CurriculumMapAnswer>('/reportes/mapa-curricular', {
    query: { career_id: careerId, period_id: periodId ?? undefined },
  });
}

/** GET /reportes/mapa-curricular: the career's subjects × attributes levels; the server's active period when none. */
export function useCurriculumMap(careerId: number | null, periodId: number | null) {
  return useQuery({
    queryKey: queryKeys.evidence.curriculumMap(careerId ?? 0, periodId),
    queryFn: () => fetchCurriculumMap(careerId!, periodId),
    enabled: careerId !== null,
  });
}
