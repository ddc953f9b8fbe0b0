import { Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { LIMITS, type Attribute, type Career } from '@egreso/domain';
import { LimitedTextInput } from '../../../components/LimitedTextInput';

export interface AttributeDraft {
  attribute_name: string;
  description: string;
  codigo: string;
  career_id: string | null;
}

export const emptyAttribute: AttributeDraft = { attribute_name: '', description: '', codigo: '', career_id: null };

export function draftOf(a: Attribute): AttributeDraft {
  return {
    attribute_name: a.attribute_name,
    description: a.description ?? '',
    codigo: a.codigo ?? '',
    career_id: a.career_id ? String(a.career_id) : null,
  };
}

/** The request the domain schema checks: trimmed texts, the optional code and career as null when blank. */
export function attributeRequest(d: AttributeDraft) {
  return {
    attribute_name: d.attribute_name.trim(),
    description: d.description.trim(),
    codigo: d.codigo.trim() || null,
    career_id: d.career_id ? Number(d.career_id) : null,
  };
}

interface Props {
  value: AttributeDraft;
  onChange: (value: AttributeDraft) => void;
  careers: Career[];
  errors: Record<string, string>;
  idPrefix: string;
}

export function AttributeFields({ value, onChange, careers, errors, idPrefix }: Props) {
  const set = <K extends keyof AttributeDraft>(key: K, v: AttributeDraft[K]) => onChange({ ...value, [key]: v });
  return (
    <Stack gap="sm">
      <LimitedTextInput
        id={`${idPrefix}-name`}
        label="Nombre del atributo"
        withAsterisk
        max={LIMITS.attributeName}
        value={value.attribute_name}
        onChange={(v) => set('attribute_name', v)}
        error={errors.attribute_name}
      />
      <Textarea
        id={`${idPrefix}-description`}
        label="Descripción"
        withAsterisk
        autosize
        minRows={2}
        maxRows={6}
        maxLength={LIMITS.attributeDescription}
        value={value.description}
        onChange={(e) => set('description', e.currentTarget.value)}
        error={errors.description}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <LimitedTextInput
          id={`${idPrefix}-code`}
          label="Código (opcional)"
          placeholder="Ej. AE1"
          max={LIMITS.attributeCode}
          value={value.codigo}
          onChange={(v) => set('codigo', v)}
          error={errors.codigo}
        />
        <Select
          id={`${idPrefix}-career`}
          label="Carrera (opcional)"
          placeholder="Sin carrera"
          clearable
          searchable
          data={careers.map((c) => ({ value: String(c.id), label: `${c.career_key} · ${c.name}` }))}
          value={value.career_id}
          onChange={(v) => set('career_id', v)}
          error={errors.career_id}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
    </Stack>
  );
}
