import { ROLE, userCreateBody, userUpdateBody, type PublicUser } from '@egreso/domain';
import { FormModal } from '../../../components/FormModal';
import { errorText } from '../../../lib/errors';
import { useForm, useResetOnOpen } from '../../../lib/use-form';
import { useSaveTeacher } from '../api/save-teacher';
import { credentialOf, type Issued } from './AccessSlips';
import { PersonFields } from './PersonFields';
import { EMPTY_PERSON, fillAllWhenMissing, missingFields, personValues, type PersonValues } from './person-fields';

interface Props {
  opened: boolean;
  /** The teacher being edited, or null to register one. */
  teacher: PublicUser | null;
  onClose: () => void;
  /** After saving: a new teacher's one-time password, or null after an edit. */
  onSaved: (created: Issued | null) => void;
}

/** The spec's payload: the number as text, the gender as a number, role '2'; no password (the server makes one). */
function wireBody(v: PersonValues) {
  const body = {
    full_name: v.full_name.trim(),
    controlnumber: v.controlnumber.trim(),
    email: v.email.trim(),
    gender: v.gender ? Number(v.gender) : undefined,
    role: String(ROLE.TEACHER),
  };
  return body;
}

export function TeacherFormModal({ opened, teacher, onClose, onSaved }: Props) {
  const save = useSaveTeacher();
  const editing = teacher !== null;
  const form = useForm<PersonValues, unknown>({
    initial: EMPTY_PERSON,
    schema: editing ? userUpdateBody : userCreateBody,
    toBody: (v) => wireBody(v),
    check: missingFields,
    invalidMessage: fillAllWhenMissing,
  });
  useResetOnOpen(form, opened, teacher, personValues);

  const submit = () =>
    form.submit(
      async (_body, v) => {
        const body = { ...wireBody(v), gender: Number(v.gender) };
        const user = await save.mutateAsync(teacher ? { id: teacher.id, body } : { id: null, body });
        onSaved(credentialOf(user));
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
