import { Alert, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  GRADE_MSG, formatGrade, type GradeConflict, type GradeSheet, type SheetStudent, type SubjectAttribute,
} from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LeaveGuard } from '../../../components/LeaveGuard';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/errors';
import { queryKeys } from '../../../lib/query-keys';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useOnline } from '../../../lib/use-online';
import { useImports } from '../api/get-imports';
import { downloadTemplate, exportGrades, type SheetAddress } from '../api/ratings-files';
import { useSaveGrades } from '../api/save-grades';
import { useUndoImport } from '../api/undo-import';
import { readDrafts, writeDrafts } from '../grid/draft-storage';
import { GradeGrid, liveFinal, type StoredRow } from '../grid/GradeGrid';
import { clampTyped, countDrafts, parseGrade, setDraft, type CellPosition, type Drafts, type PastedCell } from '../grid/grid-model';
import { AttributesDialog } from './AttributesDialog';
import { CellHistoryDialog } from './CellHistoryDialog';
import { FillEmptyDialog } from './FillEmptyDialog';
import { GradeCards } from './GradeCards';
import { ImportDialog } from './ImportDialog';

interface Props {
  sheet: GradeSheet;
  teacherId: number;
  attributes: SubjectAttribute[];
  feedback: { success: (m: string) => void; error: (m: string) => void };
}

type Versions = Record<number, Record<number, number>>;
type Conflicts = Record<number, Record<number, GradeConflict>>;

export const OFFLINE_SAVE =
  'Sin conexión: las calificaciones no se enviaron. Siguen guardadas en este navegador; guárdalas cuando vuelva la conexión.';

function storedRows(sheet: GradeSheet): Record<number, StoredRow> {
  const out: Record<number, StoredRow> = {};
  for (const g of sheet.grades) (out[g.user_id] ??= {})[g.activity_id] = { qualification: g.qualification, version: g.version };
  return out;
}

function setNested<M extends Record<number, Record<number, unknown>>>(map: M, a: number, b: number, value: M[number][number] | null): M {
  const row = { ...(map[a] ?? {}) };
  if (value === null) delete row[b];
  else row[b] = value;
  const next = { ...map } as Record<number, Record<number, unknown>>;
  if (Object.keys(row).length) next[a] = row;
  else delete next[a];
  return next as M;
}

/** The grade sheet of one assignment: grid or cards, drafts kept in the browser, saving, import, history and undo. */
export function GradeSheetEditor({ sheet, teacherId, attributes, feedback }: Props) {
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const { online, justBack } = useOnline();
  const assignmentId = sheet.assignment.id;
  const readOnly = !sheet.assignment.editable;
  const { students, activities } = sheet;
  const address: SheetAddress = {
    subject_id: sheet.assignment.subject.id, group_id: sheet.assignment.group?.id ?? 0, period_id: sheet.assignment.period?.id,
  };

  const stored = useMemo(() => storedRows(sheet), [sheet]);
  const storedRef = useRef(stored);
  storedRef.current = stored;

  // Drafts come back from the browser's storage once, when the sheet opens (after a reload, a crash or a lost session).
  const [initial] = useState(() => readDrafts(teacherId, assignmentId));
  const [drafts, setDrafts] = useState<Drafts>(() => initial?.drafts ?? {});
  const [versions, setVersions] = useState<Versions>(() => initial?.versions ?? {});
  const [restored, setRestored] = useState(initial !== null);
  const [conflicts, setConflicts] = useState<Conflicts>({});
  const [activeCell, setActiveCell] = useState<CellPosition | null>(null);
  const [historyCell, setHistoryCell] = useState<CellPosition | null>(null);
  const [attributesOf, setAttributesOf] = useState<SheetStudent | null>(null);
  const [confirmSave, setConfirmSave] = useState(false);
  const [confirmUndo, setConfirmUndo] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [fillOpen, setFillOpen] = useState(false);

  useEffect(() => writeDrafts(teacherId, assignmentId, { drafts, versions }), [teacherId, assignmentId, drafts, versions]);

  const draftCount = countDrafts(drafts);
  const badCount = Object.values(drafts).reduce((n, row) => n + Object.values(row).filter((t) => parseGrade(t).bad).length, 0);

  const writeCell = useCallback((userId: number, activityId: number, raw: string) => {
    const text = clampTyped(raw);
    const cell = storedRef.current[userId]?.[activityId];
    const storedText = cell?.qualification === null || cell === undefined ? '' : String(cell.qualification);
    const same = text.trim() === storedText || (text.trim() !== '' && parseGrade(text).value === cell?.qualification);
    setDrafts((d) => setDraft(d, userId, activityId, same ? null : text));
    // The version kept is the one the grid showed when the cell was first typed: a later change elsewhere is a conflict.
    setVersions((v) => (same ? setNested(v, userId, activityId, null) : v[userId]?.[activityId] !== undefined ? v : setNested(v, userId, activityId, cell?.version ?? 0)));
  }, []);

  const leaveCell = useCallback((userId: number, activityId: number) => {
    setDrafts((d) => (d[userId]?.[activityId]?.trim() === '' ? setDraft(d, userId, activityId, null) : d));
  }, []);

  const onPaste = useCallback((cells: PastedCell[]) => {
    for (const c of cells) {
      const student = students[c.row];
      const activity = activities[c.col];
      if (student && activity) writeCell(student.id, activity.id, c.text);
    }
  }, [students, activities, writeCell]);

  const valueOf = useCallback((userId: number, activityId: number): number | null => {
    const text = drafts[userId]?.[activityId];
    if (text !== undefined) {
      const p = parseGrade(text);
      if (!p.bad) return p.value;
    }
    return stored[userId]?.[activityId]?.qualification ?? null;
  }, [drafts, stored]);

  const emptyCount = (activityId: number) => students.filter((s) => valueOf(s.id, activityId) === null && !drafts[s.id]?.[activityId]).length;
  const fillEmpty = (activityId: number, value: number) => {
    for (const s of students) if (valueOf(s.id, activityId) === null && !drafts[s.id]?.[activityId]) writeCell(s.id, activityId, String(value));
    setFillOpen(false);
  };

  const save = useSaveGrades();
  const doSave = () => {
    setConfirmSave(false);
    const sent: Array<{ user_id: number; activity_id: number; qualification: number; version: number; text: string }> = [];
    for (const [uid, row] of Object.entries(drafts)) {
      for (const [aid, text] of Object.entries(row)) {
        const p = parseGrade(text);
        if (p.bad || p.value === null) continue;
        const userId = Number(uid);
        const activityId = Number(aid);
        sent.push({ user_id: userId, activity_id: activityId, qualification: p.value, version: versions[userId]?.[activityId] ?? stored[userId]?.[activityId]?.version ?? 0, text });
      }
    }
    if (!sent.length) {
      feedback.error(badCount ? 'Corrige las celdas marcadas: no son números entre 0 y 100.' : 'No hay calificaciones nuevas que guardar.');
      return;
    }
    if (!navigator.onLine) {
      feedback.error(OFFLINE_SAVE);
      return;
    }
    save.mutate({ calificaciones: sent.map(({ text: _text, ...g }) => g) }, {
      onSuccess: (res) => {
        const conflicted = new Set(res.conflicts.map((c) => `${c.user_id}:${c.activity_id}`));
        const done = sent.filter((c) => !conflicted.has(`${c.user_id}:${c.activity_id}`));
        // A cell typed again while saving keeps its newer text.
        setDrafts((current) => done.reduce((d, c) => (d[c.user_id]?.[c.activity_id] === c.text ? setDraft(d, c.user_id, c.activity_id, null) : d), current));
        setVersions((current) => done.reduce((v, c) => setNested(v, c.user_id, c.activity_id, null), current));
        // The saved values and versions go into the sheet at once; the reload brings the server's finals.
        queryClient.setQueryData<GradeSheet>(queryKeys.grades.sheet(assignmentId), (old) => {
          if (!old) return old;
          const byCell = new Map(res.saved.map((s) => [`${s.user_id}:${s.activity_id}`, s]));
          const grades = old.grades.map((g) => {
            const s = byCell.get(`${g.user_id}:${g.activity_id}`);
            if (!s) return g;
            byCell.delete(`${g.user_id}:${g.activity_id}`);
            return { ...g, qualification: s.qualification, version: s.version };
          });
          for (const s of byCell.values()) grades.push({ user_id: s.user_id, activity_id: s.activity_id, qualification: s.qualification, version: s.version });
          return { ...old, grades };
        });
        const next: Conflicts = {};
        for (const c of res.conflicts) (next[c.user_id] ??= {})[c.activity_id] = c;
        setConflicts(next);
        setRestored(false);
        if (res.conflicts.length) feedback.error(`${GRADE_MSG.someNotSaved} ${res.conflicts.length === 1 ? 'Una calificación cambió' : `${res.conflicts.length} calificaciones cambiaron`} en otro lugar desde que abriste la hoja; revísalas abajo.`);
        else feedback.success(res.message);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 0) feedback.error(OFFLINE_SAVE);
        else feedback.error(errorText(GRADE_MSG.someNotSaved, err));
      },
    });
  };

  const discardAll = () => {
    setDrafts({});
    setVersions({});
    setConflicts({});
    setRestored(false);
  };

  const resolveConflict = (c: GradeConflict, keepMine: boolean) => {
    if (keepMine) setVersions((v) => setNested(v, c.user_id, c.activity_id, c.version));
    else {
      setDrafts((d) => setDraft(d, c.user_id, c.activity_id, null));
      setVersions((v) => setNested(v, c.user_id, c.activity_id, null));
    }
    setConflicts((m) => setNested(m, c.user_id, c.activity_id, null));
  };

  const imports = useImports(assignmentId);
  const lastImport = imports.data?.find((i) => !i.undone) ?? null;
  const undo = useUndoImport();
  const doUndo = () => {
    if (!lastImport) return;
    undo.mutate(lastImport.batch_id, {
      onSuccess: (res) => {
        setConfirmUndo(false);
        feedback.success(res.kept.length ? `${res.message} (${res.kept.length} sin cambiar)` : res.message);
      },
      onError: (err) => {
        setConfirmUndo(false);
        feedback.error(errorText('No se pudo deshacer la importación', err));
      },
    });
  };

  // The outcome ('Importación completada', or with warnings and the first 3 lines) shows inside the import dialog.
  const onImported = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.grades.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.teacherDashboard.all });
  };

  const files = async (kind: 'template' | 'export') => {
    try {
      if (kind === 'template') {
        await downloadTemplate(address);
        feedback.success('Plantilla descargada.');
      } else {
        await exportGrades(address);
        feedback.success('Exportación completada.');
      }
    } catch (err) {
      feedback.error(errorText(kind === 'template' ? 'Error descargando la plantilla.' : 'Error exportando calificaciones.', err));
    }
  };

  const conflictList = Object.values(conflicts).flatMap((row) => Object.values(row));
  const nameOf = (id: number) => students.find((s) => s.id === id)?.full_name ?? '';
  const activityOf = (id: number) => activities.find((a) => a.id === id)?.activity_name ?? '';
  const serverFinals = useMemo(() => new Map(sheet.finals.map((f) => [f.user_id, f.final])), [sheet.finals]);
  const unconfirmed = students.filter((s) => !drafts[s.id] && liveFinal(activities, stored[s.id], undefined) !== (serverFinals.get(s.id) ?? null));
  const active = activeCell ? { student: students[activeCell.row], activity: activities[activeCell.col] } : null;
  const historyOf = historyCell ? { student: students[historyCell.row], activity: activities[historyCell.col] } : null;

  return (
    <Stack gap="sm">
      {!online ? (
        <Alert color="orange" role="alert" title="Sin conexión">
          Puedes seguir capturando: las calificaciones se guardan en este navegador hasta que vuelva la conexión.
        </Alert>
      ) : justBack ? (
        <Alert color="green" role="status" title="Conexión restablecida">Ya puedes guardar las calificaciones.</Alert>
      ) : null}
      {restored && draftCount > 0 ? (
        <Alert color="yellow" role="status" title="Calificaciones sin guardar recuperadas">
          <Text size="sm">
            {draftCount === 1 ? 'Hay 1 calificación capturada' : `Hay ${draftCount} calificaciones capturadas`} que no se guardaron la última vez
            (están marcadas en la tabla).
          </Text>
          <Group gap="sm" mt="xs">
            <Button size="xs" onClick={() => setConfirmSave(true)} disabled={readOnly}>Guardar ahora</Button>
            <Button size="xs" variant="default" onClick={discardAll}>Descartar</Button>
          </Group>
        </Alert>
      ) : null}
      {readOnly ? <Alert color="gray" role="status">{GRADE_MSG.periodClosed}</Alert> : null}

      <Group gap="xs" wrap="wrap">
        {!readOnly ? <Button onClick={() => setImportOpen(true)} variant="light">Importar Excel</Button> : null}
        <Button onClick={() => void files('export')} variant="light">Exportar Excel</Button>
        <Button onClick={() => void files('template')} variant="light">Descargar plantilla</Button>
        {!readOnly && lastImport ? <Button onClick={() => setConfirmUndo(true)} variant="light" color="orange">Deshacer importación</Button> : null}
        {!readOnly ? <Button onClick={() => setFillOpen(true)} variant="default" disabled={!activities.length}>Rellenar vacías</Button> : null}
        {!isMobile ? (
          <Button variant="default" disabled={!active?.student || !active.activity} onClick={() => setHistoryCell(activeCell)}>
            Historial de la celda
          </Button>
        ) : null}
        {!readOnly ? (
          <Button onClick={() => setConfirmSave(true)} loading={save.isPending} ml={isMobile ? undefined : 'auto'}>
            Guardar calificaciones{draftCount ? ` (${draftCount})` : ''}
          </Button>
        ) : null}
      </Group>
      {active?.student && active.activity && !isMobile ? (
        <Text size="xs" c="dimmed" aria-live="polite">Celda: {active.student.full_name} · {active.activity.activity_name}</Text>
      ) : null}
      {badCount ? <Text size="sm" c="var(--mantine-color-error)" role="alert">{badCount === 1 ? '1 celda no es un número' : `${badCount} celdas no son números`}: corrígelas antes de guardar.</Text> : null}

      {conflictList.length ? (
        <Alert color="orange" title="Calificaciones cambiadas en otro lugar" role="alert">
          <Text size="sm" mb="xs">No se sobrescribieron. Elige, para cada una, qué valor queda.</Text>
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Alumno</Table.Th>
                  <Table.Th>Actividad</Table.Th>
                  <Table.Th ta="right">Tu valor</Table.Th>
                  <Table.Th ta="right">Valor actual</Table.Th>
                  <Table.Th>Cambió</Table.Th>
                  <Table.Th><VisuallyHidden>Acciones</VisuallyHidden></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {conflictList.map((c) => (
                  <Table.Tr key={`${c.user_id}-${c.activity_id}`}>
                    <Table.Td>{nameOf(c.user_id)}</Table.Td>
                    <Table.Td>{activityOf(c.activity_id)}</Table.Td>
                    <Table.Td ta="right">{drafts[c.user_id]?.[c.activity_id] ?? '-'}</Table.Td>
                    <Table.Td ta="right">{formatGrade(c.qualification, 'vacía')}</Table.Td>
                    <Table.Td>{c.changed_by?.full_name ?? '-'} · {formatDateTime(c.changed_at)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-xs" variant="default" onClick={() => resolveConflict(c, false)}>Usar el actual</Button>
                        <Button size="compact-xs" onClick={() => resolveConflict(c, true)}>Conservar el mío</Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Alert>
      ) : null}

      {students.length === 0 ? <Text c="dimmed">No hay alumnos en este grupo para esta materia.</Text>
        : activities.length === 0 ? <Text c="dimmed">Esta materia no tiene actividades. Créalas en Actividades.</Text>
        : isMobile ? (
          <GradeCards students={students} activities={activities} stored={stored} drafts={drafts} readOnly={readOnly}
            onCellChange={writeCell} onCellLeave={leaveCell} onOpenAttributes={setAttributesOf} />
        ) : (
          <GradeGrid students={students} activities={activities} stored={stored} drafts={drafts} conflicts={conflicts} readOnly={readOnly}
            onCellChange={writeCell} onPaste={onPaste} onFocusCell={setActiveCell} onCellLeave={leaveCell} onOpenAttributes={setAttributesOf} />
        )}
      {students.length > 0 && activities.length > 0 ? (
        unconfirmed.length ? (
          <Text size="sm" c="var(--mantine-color-orange-text)">El servidor aún no confirma el final de {unconfirmed.length} alumnos; se actualizará en un momento.</Text>
        ) : draftCount === 0 ? (
          <Text size="sm" c="dimmed">Finales confirmados por el servidor.</Text>
        ) : (
          <Text size="sm" c="dimmed">Los finales marcados con • incluyen calificaciones sin guardar.</Text>
        )
      ) : null}

      <ConfirmDialog
        opened={confirmSave} title="Guardar calificaciones?" confirmLabel="Guardar" loading={save.isPending}
        message={`Se guardarán ${draftCount === 1 ? '1 calificación' : `${draftCount} calificaciones`} capturadas${badCount ? ` (las ${badCount} celdas que no son números se quedan sin enviar)` : ''}.`}
        onConfirm={doSave} onCancel={() => setConfirmSave(false)}
      />
      <ConfirmDialog
        opened={confirmUndo} title="Deshacer importación" danger confirmLabel="Deshacer" loading={undo.isPending}
        message={lastImport ? `Se ${lastImport.cells === 1 ? 'restaurará la calificación' : `restaurarán las ${lastImport.cells} calificaciones`} que cambió la importación del ${formatDateTime(lastImport.changed_at)}; las que se modificaron después se quedan como están.` : ''}
        onConfirm={doUndo} onCancel={() => setConfirmUndo(false)}
      />
      <ImportDialog opened={importOpen} address={address} onClose={() => setImportOpen(false)} onImported={onImported} />
      <FillEmptyDialog opened={fillOpen} activities={activities} emptyCount={emptyCount} onFill={fillEmpty} onClose={() => setFillOpen(false)} />
      <CellHistoryDialog
        cell={historyOf?.student && historyOf.activity ? {
          userId: historyOf.student.id, activityId: historyOf.activity.id, studentName: historyOf.student.full_name, activityName: historyOf.activity.activity_name,
        } : null}
        onClose={() => setHistoryCell(null)}
      />
      <AttributesDialog
        student={attributesOf} subjectId={address.subject_id} groupId={address.group_id} attributes={attributes} activities={activities}
        gradeOf={valueOf} readOnly={readOnly} onClose={() => setAttributesOf(null)} onSaved={feedback.success} onError={feedback.error}
      />
      <LeaveGuard
        when={draftCount > 0} title="Calificaciones sin guardar"
        message="Tienes calificaciones capturadas sin guardar. Se conservarán en este navegador, pero no estarán en el sistema hasta que las guardes. ¿Salir de todos modos?"
      />
    </Stack>
  );
}
