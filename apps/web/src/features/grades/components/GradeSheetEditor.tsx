import { Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import type { Activity, GradeSheet, SheetStudent, SubjectAttribute } from '@egreso/domain';
import { LeaveGuard } from '../../../components/LeaveGuard';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { GradeGrid } from '../grid/GradeGrid';
import type { CellPosition } from '../grid/grid-model';
import { useGradeSheetState, type SheetFeedback } from '../grid/use-grade-sheet-state';
import { AttributesDialog } from './AttributesDialog';
import { CellHistoryDialog } from './CellHistoryDialog';
import { ConflictList } from './ConflictList';
import { FillEmptyDialog } from './FillEmptyDialog';
import { FinalsStatus } from './FinalsStatus';
import { GradeCards } from './GradeCards';
import { SheetBanners } from './SheetBanners';
import { SaveGradesDialog } from './SaveGradesDialog';
import { SheetNotices } from './SheetNotices';
import { SheetToolbar } from './SheetToolbar';

interface Props {
  sheet: GradeSheet;
  teacherId: number;
  attributes: SubjectAttribute[];
  feedback: SheetFeedback;
}

/** The grade sheet of one assignment: grid or cards over the sheet's unsaved work, with its toolbar and dialogs. */
export function GradeSheetEditor({ sheet, teacherId, attributes, feedback }: Props) {
  const isMobile = useIsMobile();
  const s = useGradeSheetState(sheet, teacherId, feedback);
  const { students, activities } = sheet;
  // The rows and columns every list and layout of the sheet names its cells by.
  const roster = { students, activities };
  const readOnly = !sheet.assignment.editable;
  const address = {
    subject_id: sheet.assignment.subject.id,
    group_id: sheet.assignment.group?.id ?? 0,
    period_id: sheet.assignment.period?.id,
  };
  const [activeCell, setActiveCell] = useState<CellPosition | null>(null);
  const [historyOf, setHistoryOf] = useState<{
    userId: number;
    activityId: number;
    studentName: string;
    activityName: string;
  } | null>(null);
  const [attributesOf, setAttributesOf] = useState<SheetStudent | null>(null);
  const [confirmSave, setConfirmSave] = useState(false);
  const [fillOpen, setFillOpen] = useState(false);
  // The confirmation opens only when there is something to send; otherwise the save says why not.
  const askSave = () => (s.review() ? setConfirmSave(true) : s.save());

  const active = activeCell ? { student: students[activeCell.row], activity: activities[activeCell.col] } : null;
  const openHistory = useCallback(
    (student: SheetStudent, activity: Activity) =>
      setHistoryOf({
        userId: student.id,
        activityId: activity.id,
        studentName: student.full_name,
        activityName: activity.activity_name,
      }),
    [],
  );
  // What the grid (wide screens) and the cards (phones) both show and report.
  const layout = {
    ...roster,
    stored: s.stored,
    drafts: s.drafts,
    notes: s.notes,
    readOnly,
    onCellChange: s.writeCell,
    onCellLeave: s.leaveCell,
    onCellRestore: s.restoreCell,
    onAnswer: s.answer,
    onFocusCell: setActiveCell,
    onOpenAttributes: setAttributesOf,
  };

  return (
    <Stack gap="sm">
      <SheetBanners
        restored={s.restored}
        draftCount={s.draftCount}
        sendCount={s.sendCount}
        heldBack={s.heldBack}
        readOnly={readOnly}
        onSave={askSave}
        onDiscard={s.discardAll}
      />
      <SheetToolbar
        assignmentId={sheet.assignment.id}
        address={address}
        readOnly={readOnly}
        feedback={feedback}
        isMobile={isMobile}
        canFill={activities.length > 0}
        active={active}
        saving={s.saving}
        sendCount={s.sendCount}
        onFill={() => setFillOpen(true)}
        onHistory={openHistory}
        onSave={askSave}
      />
      <SheetNotices
        badCount={s.badCount}
        notice={s.notice}
        asked={s.asked}
        {...roster}
        onDismiss={s.dismissNotice}
        onAnswer={s.answer}
      />
      <ConflictList conflicts={s.conflicts} drafts={s.drafts} {...roster} onResolve={s.resolveConflict} />

      {students.length === 0 ? (
        <Text c="dimmed">No hay alumnos en este grupo para esta materia.</Text>
      ) : activities.length === 0 ? (
        <Text c="dimmed">Esta materia no tiene actividades. Créalas en Actividades.</Text>
      ) : isMobile ? (
        <GradeCards {...layout} onOpenHistory={openHistory} />
      ) : (
        <GradeGrid {...layout} conflicts={s.conflicts} onPaste={s.paste} />
      )}
      {students.length > 0 && activities.length > 0 ? <FinalsStatus sheet={sheet} state={s} /> : null}

      <SaveGradesDialog
        opened={confirmSave}
        saving={s.saving}
        send={s.sendCount}
        heldBack={s.heldBack}
        onConfirm={() => {
          setConfirmSave(false);
          s.save();
        }}
        onCancel={() => setConfirmSave(false)}
      />
      <FillEmptyDialog
        opened={fillOpen}
        activities={activities}
        initialActivityId={active?.activity?.id ?? null}
        emptyCount={s.emptyCount}
        onClose={() => setFillOpen(false)}
        onFill={(activityId, value) => {
          s.fillEmpty(activityId, value);
          setFillOpen(false);
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
        onClose={() => setHistoryOf(null)}
      />
      <AttributesDialog
        student={attributesOf}
        subjectId={address.subject_id}
        groupId={address.group_id}
        attributes={attributes}
        activities={activities}
        gradeOf={s.valueOf}
        readOnly={readOnly}
        onClose={() => setAttributesOf(null)}
        onSaved={feedback.success}
        onError={feedback.error}
      />
      <LeaveGuard
        when={s.draftCount > 0}
        title="Calificaciones sin guardar"
        message="Tienes calificaciones capturadas sin guardar. Se conservarán en este navegador, pero no estarán en el sistema hasta que las guardes. ¿Salir de todos modos?"
      />
    </Stack>
  );
}
