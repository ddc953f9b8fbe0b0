import { NumberInput } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormModal } from '../../../components/FormModal';
import { LimitedTextInput } from '../../../components/LimitedTextInput';
import { useForm, useResetOnOpen } from '../../../lib/use-form';

export interface WeightedValues {
  name: string;
  weight: number | string;
}

interface Props<B> {
  opened: boolean;
  title: string;
  nameLabel: string;
  maxLength: number;
  /** The values to edit, or null for a new item. */
  initial: WeightedValues | null;
  /** The domain's body schema of the request; `toBody` maps the form onto it. */
  schema: z.ZodType<B>;
  toBody: (values: WeightedValues) => unknown;
  /** How much the other items already use, and the limit with the spec's message when exceeded. */
  limit: { used: number; max: number; message: string };
  /** What the 'Confirmación' step asks. */
  confirmText: string;
  saving: boolean;
  onSave: (body: B) => Promise<unknown>;
  onError: (err: unknown) => void;
  onClose: () => void;
}

const EMPTY: WeightedValues = { name: '', weight: '' };

/**
 * The criterion and indicator window: a name and a weight 1-100 checked with the domain schema and against what
 * is left of the limit, then a 'Confirmación' step before the save.
 */
export function WeightedItemModal<B>(props: Props<B>) {
  const {
    opened,
    title,
    nameLabel,
    maxLength,
    initial,
    schema,
    toBody,
    limit,
    confirmText,
    saving,
    onSave,
    onError,
    onClose,
  } = props;
  const [confirming, setConfirming] = useState(false);
  const form = useForm<WeightedValues, B>({
    initial: EMPTY,
    schema,
    toBody,
    check: (v): Record<string, string> => {
      const weight = Number(v.weight);
      return v.weight !== '' && Number.isInteger(weight) && limit.used + weight > limit.max
        ? { weight: limit.message }
        : {};
    },
  });
  useResetOnOpen(form, opened, initial, (values) => values);

  const ask = () =>
    void form.submit(
      async () => setConfirming(true),
      () => undefined,
    );
  const confirm = async () => {
    setConfirming(false);
    await form.submit((body) => onSave(body), onError);
  };

  return (
    <>
      <FormModal opened={opened} onClose={onClose} title={title} onSubmit={ask} saving={saving} failure={form.failure}>
        <LimitedTextInput label={nameLabel} required max={maxLength} {...form.bind('name')} data-autofocus />
        <NumberInput
          label="Peso (%)"
          required
          min={1}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          description={`Disponible: ${Math.max(0, limit.max - limit.used)}% de ${limit.max}%`}
          value={form.values.weight}
          onChange={(v) => form.setField('weight', v)}
          error={form.errors.weight}
        />
      </FormModal>
      <ConfirmDialog
        opened={confirming}
        title="Confirmación"
        message={confirmText}
        confirmLabel="Guardar"
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
