import { Alert, PasswordInput, Select, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { ROLE, chiefPassword, padPassword, userCreateBody, userUpdateBody, type PublicUser } from '@egreso/domain';
import { FormModal } from '../../../components/FormModal';
import { errorText } from '../../../lib/errors';
import { useForm, useResetOnOpen, type FieldErrors } from '../../../lib/use-form';
import { useCareers } from '../../careers/api/get-careers';
import { useSaveChief } from '../api/save-chief';
import { PersonFields } from './PersonFields';

interface Props {
  opened: boolean;
  /** The chief being edited, or null to register one. */
  chief: PublicUser | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  full_name: string;
  email: string;
  controlnumber: string;
  gender: string | null;
  career_id: string | null;
  /** The new password on edit (blank keeps the current one). */
  password: string;
}

const EMPTY: Values = { full_name: '', email: '', controlnumber: '', gender: null, career_id: null, password: '' };

/** The spec's default password: first word of the name plus the control number, padded to 8 characters. */
function generatedPassword(v: Values): string {
  const base = chiefPassword(v.full_name, v.controlnumber);
  return base ? padPassword(base) : '';
}

/** The request as the spec sends it: the number as text, the gender as a number and the role as '1'. */
function wireBody(v: Values, editing: boolean) {
  const body = {
    full_name: v.full_name,
    email: v.email,
    controlnumber: v.controlnumber.trim(),
    gender: v.gender ? Number(v.gender) : undefined,
    role: String(ROLE.CHIEF),
    career_id: v.career_id ? Number(v.career_id) : undefined,
  };
  if (!editing) return { ...body, password: generatedPassword(v) };
  return v.password.trim() ? { ...body, password: v.password.trim() } : body;
}

/** A chief needs a career and a gender, which the user schema leaves optional for other roles. */
function chiefChecks(v: Values): FieldErrors {
  const found: FieldErrors = {};
  if (!v.career_id) found.career_id = 'Selecciona una carrera.';
  if (!v.gender) found.gender = 'Selecciona el género';
  return found;
}

export function ChiefFormModal({ opened, chief, onClose, onSaved }: Props) {
  const careers = useCareers();
  const save = useSaveChief();
  const editing = chief !== null;
  const form = useForm<Values, unknown>({
    initial: EMPTY,
    schema: editing ? userUpdateBody : userCreateBody,
    toBody: (v) => wireBody(v, editing),
    check: chiefChecks,
  });
  const { values } = form;

  useResetOnOpen(form, opened, chief, (c) => ({
    full_name: c.full_name,
    email: c.email,
    controlnumber: c.controlnumber ?? '',
    gender: c.gender ? String(c.gender) : null,
    career_id: c.user_careers[0] ? String(c.user_careers[0].career_id) : null,
    password: '',
  }));

  const generated = useMemo(() => generatedPassword(values), [values]);
  const careerOptions = (careers.data ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.career_key} · ${c.name}`,
  }));

  const submit = () =>
    form.submit(
      async (_body, v) => {
        // The schema and the checks above passed, so the gender and the career are present.
        const body = { ...wireBody(v, editing), gender: Number(v.gender), career_id: Number(v.career_id) };
        await save.mutateAsync(
          chief ? { id: chief.id, body } : { id: null, body: { ...body, password: generatedPassword(v) } },
        );
        onSaved();
      },
      (err) => form.fail(errorText('Error guardando jefe de división', err)),
    );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={chief ? 'Editar jefe de división' : 'Nuevo jefe de división'}
      size="lg"
      onSubmit={submit}
      saving={save.isPending}
      failure={form.failure}
    >
      {careers.isError ? <Alert color="red">Error al cargar carreras</Alert> : null}
      <PersonFields form={form} numberLabel="Número de control" emailFirst />
      <Select
        label="Carrera"
        placeholder={careers.isPending ? 'Cargando...' : 'Selecciona una carrera'}
        required
        searchable
        data={careerOptions}
        nothingFoundMessage="No hay carreras"
        comboboxProps={{ withinPortal: true }}
        {...form.bind('career_id')}
      />
      {chief ? (
        <PasswordInput
          label="Nueva contraseña"
          description="Déjala en blanco para conservar la actual."
          value={values.password}
          onChange={(e) => form.setField('password', e.currentTarget.value)}
          error={form.errors.password}
          autoComplete="new-password"
        />
      ) : (
        <TextInput
          label="Contraseña generada"
          description="Primera palabra del nombre + número de control (se completa a 8 caracteres)."
          value={generated}
          readOnly
          variant="filled"
          error={form.errors.password}
        />
      )}
    </FormModal>
  );
}
