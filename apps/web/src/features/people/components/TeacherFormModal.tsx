import { ROLE, initialPassword, userCreateBody, userUpdateBody, type PublicUser } from '@egreso/domain';
import { FormModal } from '../../../components/FormModal';
import { errorText } from '../../../lib/errors';
import { useForm, useResetOnOpen } from '../../../lib/use-form';
import { useSaveTeacher } from '../api/save-teacher';
import { PersonFields } from './PersonFields';
import { EMPTY_PERSON, fillAllWhenMissing, missingFields, personValues, type PersonValues } from './person-fields';

interface Props {
  opened: boolean;
  /** The teacher being edited, or null to register one. */
  teacher: PublicUser | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The spec's payload: the number as text, the gender as a number, role '2'; a new teacher gets the initial password. */
function wireBody(v: PersonValues, editing: boolean) {
  const body = {
    full_name: v.full_name.trim(),
    controlnumber: v.controlnumber.trim(),
    email: v.email.trim(),
    gender: v.gender ? Number(v.gender) : undefined,
    role: String(ROLE.TEACHER),
  };
  return editing ? body : { ...body, password: initialPassword(v.full_name, v.controlnumber) };
}

export function TeacherFormModal({ opened, teacher, onClose, onSaved }: Props) {
  const save = useSaveTeacher();
  const editing = teacher !== null;
  const form = useForm<PersonValues, unknown>({
    initial: EMPTY_PERSON,
    schema: editing ? userUpdateBody : userCreateBody,
    toBody: (v) => wireBody(v, editing),
    check: missingFields,
    invalidMessage: fillAllWhenMissing,
  });
  useResetOnOpen(form, opened, teacher, personValues);

  const submit = () =>
    form.submit(
      async (_body, v) => {
        const body = { ...wireBody(v, editing), gender: Number(v.gender) };
        if (teacher) await save.mutateAsync({ id: teacher.id, body });
        else
          await save.mutateAsync({
            id: null,
            body: { ...body, password: initialPassword(v.full_name, v.controlnumber) },
          });
        onSaved();
      },
      (err) => form.fail(errorText(teacher ? 'Error actualizando profesor' : 'Error registrando profesor', err)),
    );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={teacher ? 'Editar profesor' : 'Registrar profesor'}
      size="lg"
      onSubmit={submit}
      saving={save.isPending}
      failure={form.failure}
      submitLabel={teacher ? 'Guardar' : 'Registrar'}
    >
      <PersonFields form={form} numberLabel="Número de empleado" idPrefix="teacher" />
    </FormModal>
  );
}
