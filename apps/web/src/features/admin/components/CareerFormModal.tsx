import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { LIMITS, careerBody, type Career } from '@egreso/domain';
import { useSaveCareer } from '../api/save-career';
import { apiFieldErrors, withServerMessage, zodFieldErrors, type FieldErrors } from './form-errors';
import { LimitedTextInput } from './LimitedTextInput';

interface Props {
  opened: boolean;
  /** The career being edited, or null to create one. */
  career: Career | null;
  onClose: () => void;
  onSaved: (career: Career) => void;
}

export function CareerFormModal({ opened, career, onClose, onSaved }: Props) {
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveCareer();

  useEffect(() => {
    if (!opened) return;
    setKey(career?.career_key ?? '');
    setName(career?.name ?? '');
    setErrors({});
    setFailure(null);
  }, [opened, career]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = careerBody.safeParse({ career_key: key, name });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ id: career?.id ?? null, body: parsed.data });
      onSaved(saved);
    } catch (err) {
      setErrors(apiFieldErrors(err));
      setFailure(withServerMessage('Error guardando carrera', err));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={career ? 'Editar carrera' : 'Nueva carrera'} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failure ? <Alert color="red">{failure}</Alert> : null}
          <LimitedTextInput label="Clave" placeholder="ISC" required value={key} onChange={setKey} max={LIMITS.careerKey} error={errors.career_key} data-autofocus />
          <LimitedTextInput label="Nombre" placeholder="Ingeniería en Sistemas Computacionales" required value={name} onChange={setName} max={LIMITS.careerName} error={errors.name} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>Cancelar</Button>
            <Button type="submit" loading={save.isPending}>Guardar</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
