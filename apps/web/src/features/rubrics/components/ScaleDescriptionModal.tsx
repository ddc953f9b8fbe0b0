import { Textarea } from '@mantine/core';
import { LIMITS, assignScaleBody, type AssignScaleBody } from '@egreso/domain';
import { FormModal } from '../../../components/FormModal';
import { useForm, useResetOnOpen } from '../../../lib/use-form';

interface Props {
  opened: boolean;
  /** 'Criterio · Escala (max-min)'. */
  subtitle: string;
  scaleId: number;
  description: string | null;
  saving: boolean;
  onSave: (body: AssignScaleBody) => Promise<unknown>;
  onError: (err: unknown) => void;
  onClose: () => void;
}

/** The edit-scale-description dialog: an empty text brings back 'Sin descripción'. */
export function ScaleDescriptionModal({
  opened,
  subtitle,
  scaleId,
  description,
  saving,
  onSave,
  onError,
  onClose,
}: Props) {
  const form = useForm({
    initial: { custom_description: '' },
    schema: assignScaleBody,
    toBody: (v) => ({ scale_id: scaleId, custom_description: v.custom_description }),
  });
  useResetOnOpen(form, opened, description, (text) => ({ custom_description: text }));

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Editar descripción de la escala"
      saving={saving}
      failure={form.failure}
      onSubmit={() => void form.submit((body) => onSave(body), onError)}
    >
      <Textarea
        label={subtitle}
        autosize
        minRows={4}
        maxLength={LIMITS.scaleDescription}
        data-autofocus
        description={`${form.values.custom_description.length}/${LIMITS.scaleDescription} · Déjala vacía para mostrar «Sin descripción».`}
        value={form.values.custom_description}
        onChange={(e) => form.setField('custom_description', e.currentTarget.value)}
        error={form.errors.custom_description}
      />
    </FormModal>
  );
}
