import { Alert, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { LIMITS, careerBody, type Career } from '@egreso/domain';
import { FormModalFooter } from '../../../components/FormModalFooter';
import { LimitedTextInput } from '../../../components/LimitedTextInput';
import { zodFieldErrors } from '../../../lib/form-errors';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useSaveCareer } from '../api/save-career';
import { withServerMessage } from './form-errors';
import { GuardedModal } from '../../../components/GuardedModal';

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
  const { errors, setErrors, failure, clear, failed } = useFormErrors();
  const save = useSaveCareer();

  useEffect(() => {
    if (!opened) return;
    setKey(career?.career_key ?? '');
    setName(career?.name ?? '');
    clear();
  }, [opened, career, clear]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = careerBody.safeParse({ career_key: key, name });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    clear();
    try {
      const saved = await save.mutateAsync({ id: career?.id ?? null, body: parsed.data });
      onSaved(saved);
    } catch (err) {
      failed(err, withServerMessage('Error guardando carrera', err));
    }
  };

  return (
    <GuardedModal opened={opened} onClose={onClose} title={career ? 'Editar carrera' : 'Nueva carrera'} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failure ? <Alert color="red">{failure}</Alert> : null}
          <LimitedTextInput label="Clave" placeholder="ISC" required value={key} onChange={setKey} max={LIMITS.careerKey} error={errors.career_key} data-autofocus />
          <LimitedTextInput label="Nombre" placeholder="Ingeniería en Sistemas Computacionales" required value={name} onChange={setName} max={LIMITS.careerName} error={errors.name} />
          <FormModalFooter saving={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </GuardedModal>
  );
}
