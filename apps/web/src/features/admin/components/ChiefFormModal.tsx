import { Alert, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { LIMITS, ROLE, chiefPassword, padPassword, userCreateBody, userUpdateBody, type PublicUser } from '@egreso/domain';
import { FormModalFooter } from '../../../components/FormModalFooter';
import { LimitedTextInput } from '../../../components/LimitedTextInput';
import { zodFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useCareers } from '../api/get-careers';
import { useSaveChief } from '../api/save-chief';
import { withServerMessage } from './form-errors';
import { GuardedModal } from '../../../components/GuardedModal';

interface Props {
  opened: boolean;
  /** The chief being edited, or null to register one. */
  chief: PublicUser | null;
  onClose: () => void;
  onSaved: () => void;
}

const GENDERS = [
  { value: '1', label: 'Hombre' },
  { value: '2', label: 'Mujer' },
];

const CAREER_REQUIRED = 'Selecciona una carrera.';

export function ChiefFormModal({ opened, chief, onClose, onSaved }: Props) {
  const careers = useCareers();
  const save = useSaveChief();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [controlNumber, setControlNumber] = useState('');
  const [gender, setGender] = useState<string | null>(null);
  const [careerId, setCareerId] = useState<string | null>(null);
  const [newPassword, setNewPassword] = useState('');
  const { errors, setErrors, failure, clear, failed } = useFormErrors();

  useEffect(() => {
    if (!opened) return;
    setFullName(chief?.full_name ?? '');
    setEmail(chief?.email ?? '');
    setControlNumber(chief?.controlnumber ?? '');
    setGender(chief?.gender ? String(chief.gender) : null);
    setCareerId(chief?.user_careers[0] ? String(chief.user_careers[0].career_id) : null);
    setNewPassword('');
    clear();
  }, [opened, chief, clear]);

  // The spec's default: first word of the name plus the control number; the server pads it to 8 characters.
  const generated = useMemo(() => {
    const base = chiefPassword(fullName, controlNumber);
    return base ? padPassword(base) : '';
  }, [fullName, controlNumber]);

  const careerOptions = (careers.data ?? []).map((c) => ({ value: String(c.id), label: `${c.career_key} · ${c.name}` }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const common = {
      full_name: fullName,
      email,
      controlnumber: controlNumber.trim(),
      gender: gender ? Number(gender) : undefined,
      role: String(ROLE.CHIEF),
      career_id: careerId ? Number(careerId) : undefined,
    };
    const parsed = chief
      ? userUpdateBody.safeParse({ ...common, ...(newPassword.trim() ? { password: newPassword.trim() } : {}) })
      : userCreateBody.safeParse({ ...common, password: generated });
    const found: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error);
    if (!careerId) found.career_id = CAREER_REQUIRED;
    if (!gender) found.gender = 'Selecciona el género';
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    clear();
    // The user payload sends the number as text, the gender as a number and the role as '1'.
    const body = { ...common, gender: Number(gender), career_id: Number(careerId) };
    try {
      if (chief) {
        await save.mutateAsync({ id: chief.id, body: newPassword.trim() ? { ...body, password: newPassword.trim() } : body });
      } else {
        await save.mutateAsync({ id: null, body: { ...body, password: generated } });
      }
      onSaved();
    } catch (err) {
      failed(err, withServerMessage('Error guardando jefe de división', err));
    }
  };

  return (
    <GuardedModal opened={opened} onClose={onClose} title={chief ? 'Editar jefe de división' : 'Nuevo jefe de división'} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failure ? <Alert color="red">{failure}</Alert> : null}
          {careers.isError ? <Alert color="red">Error al cargar carreras</Alert> : null}
          <LimitedTextInput label="Nombre completo" required value={fullName} onChange={setFullName} max={LIMITS.userName} error={errors.full_name} data-autofocus />
          <LimitedTextInput label="Correo electrónico" type="email" required value={email} onChange={setEmail} max={LIMITS.email} error={errors.email} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <LimitedTextInput label="Número de control" required value={controlNumber} onChange={setControlNumber} max={LIMITS.controlNumber} error={errors.controlnumber} />
            <Select label="Género" placeholder="Selecciona" required data={GENDERS} value={gender} onChange={setGender} error={errors.gender} allowDeselect={false} />
          </SimpleGrid>
          <Select
            label="Carrera"
            placeholder={careers.isPending ? 'Cargando...' : 'Selecciona una carrera'}
            required
            searchable
            data={careerOptions}
            value={careerId}
            onChange={setCareerId}
            error={errors.career_id}
            nothingFoundMessage="No hay carreras"
            comboboxProps={{ withinPortal: true }}
          />
          {chief ? (
            <PasswordInput
              label="Nueva contraseña"
              description="Déjala en blanco para conservar la actual."
              value={newPassword}
              onChange={(e) => setNewPassword(e.currentTarget.value)}
              error={errors.password}
              autoComplete="new-password"
            />
          ) : (
            <TextInput
              label="Contraseña generada"
              description="Primera palabra del nombre + número de control (se completa a 8 caracteres)."
              value={generated}
              readOnly
              variant="filled"
              error={errors.password}
            />
          )}
          <FormModalFooter saving={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </GuardedModal>
  );
}
