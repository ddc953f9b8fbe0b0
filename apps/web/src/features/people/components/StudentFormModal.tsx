import { Alert, MultiSelect, Select, SimpleGrid } from '@mantine/core';
import {
  PEOPLE_MSG,
  ROLE,
  STUDENT_STATUS_LABEL,
  userCreateBody,
  userUpdateBody,
  type Group,
  type UserListItem,
} from '@egreso/domain';
import { FormModal } from '../../../components/FormModal';
import { errorText } from '../../../lib/errors';
import { useForm, useResetOnOpen, type FieldErrors } from '../../../lib/use-form';
import { useGenerations } from '../../../lib/queries/generations';
import { useGroups } from '../../../lib/queries/groups';
import { useSaveStudent } from '../api/save-student';
import { credentialOf, type Issued } from './AccessSlips';
import { PersonFields } from './PersonFields';
import { EMPTY_PERSON, missingFields, personValues, type PersonValues } from './person-fields';

export const NO_GROUP_MSG = 'Selecciona al menos un grupo.';

export const STATUS_OPTIONS = [1, 0, 2].map((s) => ({ value: String(s), label: STUDENT_STATUS_LABEL[s]! }));

export interface StudentValues extends PersonValues {
  group_ids: string[];
  generation_id: string | null;
  active: string | null;
}

const EMPTY: StudentValues = { ...EMPTY_PERSON, group_ids: [], generation_id: null, active: '1' };

interface Props {
  opened: boolean;
  /** The student being edited, or null to register one. */
  student: UserListItem | null;
  onClose: () => void;
  /** After saving: a new student's one-time password, or null after an edit. */
  onSaved: (created: Issued | null) => void;
}

export const groupLabel = (g: Pick<Group, 'group_name' | 'semester'>) =>
  g.semester ? `${g.group_name} · ${g.semester.semester_name}` : g.group_name;

function studentValues(s: UserListItem): StudentValues {
  return {
    ...personValues(s),
    group_ids: s.groups.map((g) => String(g.id)),
    generation_id: s.latest_generation ? String(s.latest_generation.generation_id) : null,
    active: String(s.latest_generation?.active ?? 1),
  };
}

/** The spec's payload without a password: the server makes a one-time one. */
function wireBody(v: StudentValues) {
  const body = {
    full_name: v.full_name.trim(),
    controlnumber: v.controlnumber.trim(),
    email: v.email.trim(),
    gender: v.gender ? Number(v.gender) : undefined,
    role: String(ROLE.STUDENT),
  };
  return body;
}

/** The spec's rules the user schema does not hold: every field, at least one group and, on edit, a generation. */
function studentChecks(editing: boolean) {
  return (v: StudentValues): FieldErrors => {
    const found = missingFields(v);
    if (v.group_ids.length === 0) found.group_ids = NO_GROUP_MSG;
    if (editing && !v.generation_id) found.generation_id = PEOPLE_MSG.chooseGeneration;
    return found;
  };
}

function invalidMessage(editing: boolean) {
  return (v: StudentValues): string | null => {
    if (Object.keys(missingFields(v)).length > 0) return PEOPLE_MSG.fillAll;
    if (v.group_ids.length === 0) return NO_GROUP_MSG;
    if (editing && !v.generation_id) return PEOPLE_MSG.chooseGeneration;
    return null;
  };
}

/** The semester a first generation link starts in: the first chosen group's, else the first. */
function startingSemester(groupIds: number[], groups: readonly Group[]): number {
  const semester = groups.find((g) => groupIds.includes(g.id) && g.semester_id !== null)?.semester_id;
  return semester ?? 1;
}

export function StudentFormModal({ opened, student, onClose, onSaved }: Props) {
  const groups = useGroups();
  const generations = useGenerations();
  const save = useSaveStudent();
  const editing = student !== null;
  const form = useForm<StudentValues, unknown>({
    initial: EMPTY,
    schema: editing ? userUpdateBody : userCreateBody,
    toBody: (v) => wireBody(v),
    check: studentChecks(editing),
    invalidMessage: invalidMessage(editing),
  });
  useResetOnOpen(form, opened, student, studentValues);

  const groupOptions = (groups.data ?? []).map((g) => ({ value: String(g.id), label: groupLabel(g) }));
  const generationOptions = (generations.data ?? []).map((g) => ({ value: String(g.id), label: g.generation_name }));

  const submit = () =>
    form.submit(
      async (_body, v) => {
        const body = { ...wireBody(v), gender: Number(v.gender) };
        const groupIds = v.group_ids.map(Number);
        if (!student) {
          onSaved(credentialOf(await save.mutateAsync({ id: null, body, groupIds })));
          return;
        }
        const updated = await save.mutateAsync({
          id: student.id,
          body,
          groupIds,
          previousGroupIds: student.groups.map((g) => g.id),
          generation: {
            generation_id: Number(v.generation_id),
            active: Number(v.active ?? 1),
            current_semester_id:
              student.latest_generation?.current_semester_id ?? startingSemester(groupIds, groups.data ?? []),
          },
          previousGeneration: student.latest_generation ?? null,
        });
        // With mail, a new e-mail waits for its link: the page says so.
        onSaved(updated.mail ? credentialOf(updated) : null);
      },
      (err) => form.fail(errorText(student ? 'Error actualizando alumno' : 'Error registrando alumno', err)),
    );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={student ? 'Editar alumno' : 'Registrar alumno'}
      size="lg"
      onSubmit={submit}
      saving={save.isPending}
      failure={form.failure}
      submitLabel={student ? 'Guardar' : 'Registrar'}
    >
      {groups.isError ? <Alert color="red">Error cargando grupos.</Alert> : null}
      {editing && generations.isError ? <Alert color="red">Error al cargar generaciones</Alert> : null}
      <PersonFields form={form} numberLabel="Matrícula" idPrefix="student" />
      <MultiSelect
        id="student-groups"
        label="Grupos"
        placeholder={form.values.group_ids.length ? undefined : 'Selecciona uno o más grupos'}
        required
        searchable
        data={groupOptions}
        nothingFoundMessage={groups.isPending ? 'Cargando...' : 'No hay grupos'}
        comboboxProps={{ withinPortal: true }}
        hidePickedOptions
        {...form.bind('group_ids')}
      />
      {editing ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            id="student-generation"
            label="Generación"
            placeholder="Selecciona una generación"
            required
            searchable
            data={generationOptions}
            nothingFoundMessage={generations.isPending ? 'Cargando...' : 'No hay generaciones'}
            comboboxProps={{ withinPortal: true }}
            {...form.bind('generation_id')}
          />
          <Select
            id="student-status"
            label="Estatus"
            required
            data={STATUS_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.bind('active')}
          />
        </SimpleGrid>
      ) : null}
    </FormModal>
  );
}
