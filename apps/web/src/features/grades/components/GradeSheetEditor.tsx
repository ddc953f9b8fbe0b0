import { Button, Group, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import type { Activity, GradeSheet, SheetStudent, SubjectAttribute } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LeaveGuard } from '../../../components/LeaveGuard';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { GradeGrid, liveFinal } from '../grid/GradeGrid';
import type { CellPosition } from '../grid/grid-model';
import { useGradeSheetState, type SheetFeedback } from '../grid/use-grade-sheet-state';
import { AttributesDialog } from './AttributesDialog';
import { CellHistoryDialog } from './CellHistoryDialog';
import { ConflictList } from './ConflictList';
import { FillEmptyDialog } from './FillEmptyDialog';
import { GradeCards } from './GradeCards';
import { SheetBanners } from './SheetBanners';
import { SheetFileButtons } from './SheetFileButtons';
import { SheetNotices } from './SheetNotices';

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
  const [historyOf, setHistoryOf] = useState<{ student: SheetStudent; activity: Activity } | null>(null);
  const [attributesOf, setAttributesOf] = useState<SheetStudent | null>(null);
  const [confirmSave, setConfirmSave] = useState(false);
  const [fillOpen, setFillOpen] = useState(false);

  const serverFinals = useMemo(() => new Map(sheet.finals.map((f) => [f.user_id, f.final])), [sheet.finals]);
  const unconfirmed = students.filter(
    (st) => !s.drafts[st.id] && liveFinal(activities, s.stored[st.id], undefined) !== (serverFinals.get(st.id) ?? null),
  );
  const active = activeCell ? { student: students[activeCell.row], activity: activities[activeCell.col] } : null;
  const openHistory = useCallback(
    (student: SheetStudent, activity: Activity) => setHistoryOf({ student, activity }),
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
    onFocusCell: setActiveCell,
    onOpenAttributes: setAttributesOf,
  };

  return (
    <Stack gap="sm">
      <SheetBanners
        restored={s.restored}
        draftCount={s.draftCount}
        readOnly={readOnly}
        onSave={() => setConfirmSave(true)}
        onDiscard={s.discardAll}
      />
      <Group gap="xs" wrap="wrap">
        <SheetFileButtons
          assignmentId={sheet.assignment.id}
          address={address}
          readOnly={readOnly}
          feedback={feedback}
        />
        {!readOnly ? (
          <Button onClick={() => setFillOpen(true)} variant="default" disabled={!activities.length}>
            Rellenar vacías
          </Button>
        ) : null}
        {!isMobile ? (
          <Button
            variant="default"
            disabled={!active?.student || !active.activity}
            onClick={() => active?.student && active.activity && openHistory(active.student, active.activity)}
          >
            Historial de la celda
          </Button>
        ) : null}
        {!readOnly ? (
          <Button onClick={() => setConfirmSave(true)} loading={s.saving} ml={isMobile ? undefined : 'auto'}>
            Guardar calificaciones{s.draftCount ? ` (${s.draftCount})` : ''}
          </Button>
        ) : null}
      </Group>
      {active?.student && active.activity && !isMobile ? (
        <Text size="xs" c="dimmed" aria-live="polite">
          Celda: {active.student.full_name} · {active.activity.activity_name}
        </Text>
      ) : null}
      {s.badCount ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {s.badCount === 1 ? '1 celda no es un número: corrígela' : `${s.badCount} celdas no son números: corrígelas`}{' '}
          antes de guardar.
        </Text>
      ) : null}
      <SheetNotices notice={s.notice} asked={s.asked} {...roster} onDismiss={s.dismissNotice} onAnswer={s.answer} />
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
      {students.length > 0 && activities.length > 0 ? (
        <Text size="sm" c={unconfirmed.length ? 'var(--mantine-color-orange-text)' : 'dimmed'}>
          {unconfirmed.length
            ? `El servidor aún no confirma el final de ${unconfirmed.length} alumnos; se actualizará en un momento.`
            : s.draftCount === 0
              ? 'Finales confirmados por el servidor.'
              : 'Los finales marcados con • incluyen calificaciones sin guardar.'}
        </Text>
      ) : null}

      <ConfirmDialog
        opened={confirmSave}
        title="Guardar calificaciones?"
        confirmLabel="Guardar"
        loading={s.saving}
        message={`Se guardarán ${s.draftCount === 1 ? '1 calificación' : `${s.draftCount} calificaciones`} capturadas${s.badCount ? ` (las ${s.badCount} celdas que no son números se quedan sin enviar)` : ''}.${s.asked.length ? ` Las ${s.asked.length} que parecen de 0 a 10 esperan tu respuesta y no se envían.` : ''}`}
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
          historyOf
            ? {
                userId: historyOf.student.id,
                activityId: historyOf.activity.id,
                studentName: historyOf.student.full_name,
                activityName: historyOf.activity.activity_name,
              }
            : null
        }
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
