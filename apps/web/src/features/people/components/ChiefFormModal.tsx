import { Alert, Select, Text } from '@mantine/core';
import { ROLE, userCreateBody, userUpdateBody, type PublicUser } from '@egreso/domain';
import { FormModal } from '../../../components/FormModal';
import { errorText } from '../../../lib/errors';
import { useForm, useResetOnOpen, type FieldErrors } from '../../../lib/use-form';
import { useCareers } from '../../../lib/queries/careers';
import { useSaveChief } from '../api/save-chief';
import { credentialOf, type Issued } from './AccessSlips';
import { PersonFields } from './PersonFields';

interface Props {
  opened: boolean;
  /** The chief being edited, or null to register one. */
  chief: PublicUser | null;
  onClose: () => void;
  /** After saving: a new chief's one-time password, or null after an edit. */
  onSaved: (created: Issued | null) => void;
}

interface Values {
  full_name: string;
  email: string;
  controlnumber: string;
  gender: string | null;
  career_id: string | null;
}

const EMPTY: Values = { full_name: '', email: '', controlnumber: '', gender: null, career_id: null };

/** The request as the spec sends it: the number as text, the gender as a number and the role as '1'. */
function wireBody(v: Values) {
  const body = {
    full_name: v.full_name,
    email: v.email,
    controlnumber: v.controlnumber.trim(),
    gender: v.gender ? Number(v.gender) : undefined,
    role: String(ROLE.CHIEF),
    career_id: v.career_id ? Number(v.career_id) : undefined,
  };
  return body;
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
    toBody: (v) => wireBody(v),
    check: chiefChecks,
  });

  useResetOnOpen(form, opened, chief, (c) => ({
    full_name: c.full_name,
    email: c.email,
    controlnumber: c.controlnumber ?? '',
    gender: c.gender ? String(c.gender) : null,
    career_id: c.user_careers[0] ? String(c.user_careers[0].career_id) : null,
  }));

  const careerOptions = (careers.data ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.career_key} · ${c.name}`,
  }));

  const submit = () =>
    form.submit(
      async (_body, v) => {
        // The schema and the checks above passed, so the gender and the career are present.
        const body = { ...wireBody(v), gender: Number(v.gender), career_id: Number(v.career_id) };
        onSaved(credentialOf(await save.mutateAsync(chief ? { id: chief.id, body } : { id: null, body })));
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
      {chief ? null : (
        <Text size="sm" c="dimmed">
          La contraseña de un solo uso se genera al registrar y se muestra una sola vez.
        </Text>
      )}
    </FormModal>
  );
}
