import type { GradeSheet, SubjectAttribute } from '@egreso/domain';
import type { SheetFeedback, useGradeSheetState } from '../grid/use-grade-sheet-state';
import { AttributesDialog } from './AttributesDialog';
import { CellHistoryDialog } from './CellHistoryDialog';
import { FillEmptyDialog } from './FillEmptyDialog';
import { SaveGradesDialog } from './SaveGradesDialog';
import type { SheetDialogsState } from './use-sheet-dialogs';

interface Props {
  sheet: GradeSheet;
  attributes: SubjectAttribute[];
  readOnly: boolean;
  feedback: SheetFeedback;
  s: ReturnType<typeof useGradeSheetState>;
  d: SheetDialogsState;
}

/** The grade sheet's dialogs: save confirmation, fill empty cells, a grade's history and a student's attributes. */
export function SheetDialogs({ sheet, attributes, readOnly, feedback, s, d }: Props) {
  const { activities } = sheet;
  const { historyOf } = d;
  return (
    <>
      <SaveGradesDialog
        opened={d.confirmSave}
        saving={s.saving}
        send={s.sendCount}
        heldBack={s.heldBack}
        onConfirm={() => {
          d.setConfirmSave(false);
          s.save();
        }}
        onCancel={() => d.setConfirmSave(false)}
      />
      <FillEmptyDialog
        opened={d.fillOpen}
        activities={activities}
        initialActivityId={d.active?.activity?.id ?? null}
        emptyCount={s.emptyCount}
        onClose={() => d.setFillOpen(false)}
        onFill={(activityId, value) => {
          s.fillEmpty(activityId, value);
          d.setFillOpen(false);
        }}
      />
      <CellHistoryDialog
        cell={
          historyOf && {
            ...historyOf,
            current: s.stored[historyOf.userId]?.[historyOf.activityId] ?? { qualification: null, version: 0 },
            draft: s.drafts[historyOf.userId]?.[historyOf.activityId],
          }
        }
        assignmentId={sheet.assignment.id}
        readOnly={readOnly}
        onClose={d.closeHistory}
      />
      <AttributesDialog
        student={d.attributesOf}
        subjectId={sheet.assignment.subject.id}
        groupId={sheet.assignment.group?.id ?? 0}
        attributes={attributes}
        activities={activities}
        gradeOf={s.valueOf}
        readOnly={readOnly}
        onClose={() => d.setAttributesOf(null)}
        onSaved={feedback.success}
        onError={feedback.error}
      />
    </>
  );
}
