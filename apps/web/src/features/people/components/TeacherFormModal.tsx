import { Select, SimpleGrid } from '@mantine/core';
import { useEffect } from 'react';
import { LIMITS, ROLE, initialPassword, userCreateBody, userUpdateBody, type PublicUser } from '@egreso/domain';
import { FormModal } from '../../../components/FormModal';
import { LimitedTextInput } from '../../../components/LimitedTextInput';
import { errorText } from '../../../lib/errors';
import { useForm } from '../../../lib/use-form';
import { useSaveTeacher } from '../api/save-teacher';
import {
  EMPTY_PERSON,
  GENDER_OPTIONS,
  fillAllWhenMissing,
  missingFields,
  personValues,
  type PersonValues,
} from './person-fields';

interface Props {
  opened: boolean;
  /** The teacher being edited, or null to register one. */
  teacher: PublicUser | null;
  onClose: () => void;
  onSaved: (message: string) => void;
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
  const { reset } = form;
  useEffect(() => {
    if (opened) reset(teacher ? personValues(teacher) : EMPTY_PERSON);
  }, [opened, teacher, reset]);

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
        onSaved(teacher ? 'Profesor actualizado correctamente.' : 'Profesor registrado correctamente.');
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
      <LimitedTextInput
        id="teacher-name"
        label="Nombre completo"
        required
        max={LIMITS.userName}
        {...form.bind('full_name')}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <LimitedTextInput
          id="teacher-number"
          label="Número de empleado"
          required
          max={LIMITS.controlNumber}
          {...form.bind('controlnumber')}
        />
        <Select
          id="teacher-gender"
          label="Género"
          placeholder="Selecciona"
          required
          data={GENDER_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.bind('gender')}
        />
      </SimpleGrid>
      <LimitedTextInput
        id="teacher-email"
        label="Correo electrónico"
        type="email"
        required
        max={LIMITS.email}
        {...form.bind('email')}
      />
    </FormModal>
  );
}
