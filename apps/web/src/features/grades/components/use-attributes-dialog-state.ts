import { useState } from 'react';
import { OBSERVATION_MSG, type SheetStudent } from '@egreso/domain';
import { errorText } from '../../../lib/errors';
import { useStudentAttributeRatings } from '../api/get-attribute-ratings';
import { useObservations } from '../api/get-observations';
import { useSaveObservations } from '../api/save-observations';

/** The observations to send: one per attribute whose text is not blank, trimmed. */
export function observationsToSend(texts: Record<number, string>, userId: number, subjectId: number) {
  return Object.entries(texts)
    .filter(([, text]) => text.trim() !== '')
    .map(([attributeId, observation]) => ({
      user_id: userId,
      attribute_id: Number(attributeId),
      subject_id: subjectId,
      observation: observation.trim(),
    }));
}

/**
 * The state of the attributes dialog of one student: the confirmed ratings and the observations' history from the
 * server, the observations being typed (cleared when another student opens it or once saved), and their save.
 */
export function useAttributesDialogState(
  student: SheetStudent | null,
  subjectId: number,
  groupId: number,
  report: { onSaved: (message: string) => void; onError: (message: string) => void },
) {
  const server = useStudentAttributeRatings(student ? { subjectId, groupId, userId: student.id } : null);
  const history = useObservations(student ? { subjectId, userId: student.id } : null);
  const save = useSaveObservations();
  const [texts, setTexts] = useState<Record<number, string>>({});
  const [shownFor, setShownFor] = useState<number | null>(null);
  if ((student?.id ?? null) !== shownFor) {
    setShownFor(student?.id ?? null);
    setTexts({});
  }

  const submit = () => {
    if (!student) return;
    const observaciones = observationsToSend(texts, student.id, subjectId);
    if (!observaciones.length) {
      report.onError(`${OBSERVATION_MSG.saveError}: ${OBSERVATION_MSG.required}`);
      return;
    }
    save.mutate(
      { observaciones },
      {
        onSuccess: () => {
          setTexts({});
          report.onSaved(OBSERVATION_MSG.saved);
        },
        onError: (err) => report.onError(errorText(OBSERVATION_MSG.saveError, err)),
      },
    );
  };

  return {
    loading: server.isPending || history.isPending,
    historyFailed: history.isError,
    confirmedOf: (attributeId: number) =>
      server.data?.find((r) => r.attribute_id === attributeId)?.attributerating ?? null,
    notesOf: (attributeId: number) => (history.data ?? []).filter((o) => o.attribute_id === attributeId),
    texts,
    setText: (attributeId: number, value: string) => setTexts((t) => ({ ...t, [attributeId]: value })),
    submit,
    saving: save.isPending,
  };
}
