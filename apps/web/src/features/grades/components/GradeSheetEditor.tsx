import { Stack, Text } from '@mantine/core';
import type { GradeSheet, SubjectAttribute } from '@egreso/domain';
import { LeaveGuard } from '../../../components/LeaveGuard';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { GradeGrid } from '../grid/GradeGrid';
import { useGradeSheetState, type SheetFeedback } from '../grid/use-grade-sheet-state';
import { ConflictList } from './ConflictList';
import { FinalsStatus } from './FinalsStatus';
import { GradeCards } from './GradeCards';
import { SheetBanners } from './SheetBanners';
import { SheetDialogs } from './SheetDialogs';
import { SheetNotices } from './SheetNotices';
import { SheetToolbar } from './SheetToolbar';
import { useSheetDialogs } from './use-sheet-dialogs';

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
  const d = useSheetDialogs(sheet);
  // The confirmation opens only when there is something to send; otherwise the save says why not.
  const askSave = () => (s.review() ? d.setConfirmSave(true) : s.save());
  const { active, openHistory } = d;
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
    onFocusCell: d.setActiveCell,
    onOpenAttributes: d.setAttributesOf,
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
        onFill={() => d.setFillOpen(true)}
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

      <SheetDialogs sheet={sheet} attributes={attributes} readOnly={readOnly} feedback={feedback} s={s} d={d} />
      <LeaveGuard
        when={s.draftCount > 0}
        title="Calificaciones sin guardar"
        message="Tienes calificaciones capturadas sin guardar. Se conservarán en este navegador, pero no estarán en el sistema hasta que las guardes. ¿Salir de todos modos?"
      />
    </Stack>
  );
}
