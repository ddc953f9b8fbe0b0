import { LIMITS, careerBody, type Career } from '@egreso/domain';
import { FormModal } from '../../../components/FormModal';
import { LimitedTextInput } from '../../../components/LimitedTextInput';
import { errorText } from '../../../lib/errors';
import { useForm, useResetOnOpen } from '../../../lib/use-form';
import { useSaveCareer } from '../api/save-career';

interface Props {
  opened: boolean;
  /** The career being edited, or null to create one. */
  career: Career | null;
  onClose: () => void;
  onSaved: (career: Career) => void;
}

const EMPTY = { career_key: '', name: '' };

/** A career's two texts, both required; the first one takes the focus. */
const FIELDS = [
  { key: 'career_key', label: 'Clave', placeholder: 'ISC', max: LIMITS.careerKey },
  { key: 'name', label: 'Nombre', placeholder: 'Ingeniería en Sistemas Computacionales', max: LIMITS.careerName },
] as const;

export function CareerFormModal({ opened, career, onClose, onSaved }: Props) {
  const save = useSaveCareer();
  const form = useForm({ initial: EMPTY, schema: careerBody, toBody: (v) => v });
  useResetOnOpen(form, opened, career, (c) => ({ career_key: c.career_key, name: c.name }));

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
      {FIELDS.map(({ key, ...field }, i) => (
        <LimitedTextInput key={key} {...field} required {...form.bind(key)} data-autofocus={i === 0 || undefined} />
      ))}
    </FormModal>
  );
}
