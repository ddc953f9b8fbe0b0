import { useEffect } from 'react';
import { LIMITS, careerBody, type Career } from '@egreso/domain';
import { FormModal } from '../../../components/FormModal';
import { LimitedTextInput } from '../../../components/LimitedTextInput';
import { errorText } from '../../../lib/errors';
import { useForm } from '../../../lib/use-form';
import { useSaveCareer } from '../api/save-career';

interface Props {
  opened: boolean;
  /** The career being edited, or null to create one. */
  career: Career | null;
  onClose: () => void;
  onSaved: (career: Career) => void;
}

const EMPTY = { career_key: '', name: '' };

export function CareerFormModal({ opened, career, onClose, onSaved }: Props) {
  const save = useSaveCareer();
  const form = useForm({ initial: EMPTY, schema: careerBody, toBody: (v) => v });
  const { reset } = form;

  useEffect(() => {
    if (opened) reset(career ? { career_key: career.career_key, name: career.name } : EMPTY);
  }, [opened, career, reset]);

  const submit = () =>
    form.submit(
      async (body) => onSaved(await save.mutateAsync({ id: career?.id ?? null, body })),
      (err) => form.fail(errorText('Error guardando carrera', err)),
    );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={career ? 'Editar carrera' : 'Nueva carrera'}
      onSubmit={submit}
      saving={save.isPending}
      failure={form.failure}
    >
      <LimitedTextInput
        label="Clave"
        placeholder="ISC"
        required
        max={LIMITS.careerKey}
        {...form.bind('career_key')}
        data-autofocus
      />
      <LimitedTextInput
        label="Nombre"
        placeholder="Ingeniería en Sistemas Computacionales"
        required
        max={LIMITS.careerName}
        {...form.bind('name')}
      />
    </FormModal>
  );
}
