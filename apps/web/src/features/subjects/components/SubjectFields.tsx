import { Group, MultiSelect, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import {
  KNOWLEDGE_LEVELS,
  KNOWLEDGE_LEVEL_LABEL,
  LIMITS,
  type Attribute,
  type Career,
  type Semester,
  type Subject,
} from '@egreso/domain';
import { LimitedTextInput } from '../../../components/LimitedTextInput';
import { bindDraft } from '../../../lib/use-form';
import { isLevel, prerequisiteOptions, type SubjectDraft } from './subject-draft';

const CREDITS_RANGE = `Número de ${LIMITS.creditsMin} a ${LIMITS.creditsMax} (admite decimales, p. ej. 4.5).`;

/**
 * The subjects a draft may require (not itself, nor one with the key being typed); a prerequisite that stops being
 * offered (its key was just typed) is dropped from the selection.
 */
function usePrerequisites(
  subjects: Subject[],
  selfId: number | null,
  value: SubjectDraft,
  onChange: (value: SubjectDraft) => void,
) {
  const prereqs = useMemo(
    () => prerequisiteOptions(subjects, { selfId, typedKey: value.subject_key }),
    [subjects, selfId, value.subject_key],
  );
  useEffect(() => {
    const allowed = new Set(prereqs.map((s) => String(s.id)));
    if (value.prerequisites.some((p) => !allowed.has(p)))
      onChange({ ...value, prerequisites: value.prerequisites.filter((p) => allowed.has(p)) });
  }, [prereqs, value, onChange]);
  return prereqs;
}

/** A credits field: a decimal number, with its range said under it. */
function CreditsInput(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <TextInput
      id={props.id}
      label={props.label}
      withAsterisk
      inputMode="decimal"
      description={CREDITS_RANGE}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={props.error}
    />
  );
}

type DraftAttributes = SubjectDraft['attributes'];

/** 'Nivel de conocimiento por atributo': one level selector per chosen attribute. */
function KnowledgeLevels({
  attributes,
  nameOf,
  onChange,
}: {
  attributes: DraftAttributes;
  nameOf: (id: string) => string;
  onChange: (attributes: DraftAttributes) => void;
}) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" fw={600} mb={6}>
        Nivel de conocimiento por atributo
      </Text>
      <Stack gap={6}>
        {attributes.map((a) => {
          const name = nameOf(a.id);
          return (
            <Group key={a.id} justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              <NativeSelect
                aria-label={`Nivel de ${name}`}
                size="xs"
                w={150}
                style={{ flexShrink: 0 }}
                data={KNOWLEDGE_LEVELS.map((l) => ({ value: l, label: `${l} · ${KNOWLEDGE_LEVEL_LABEL[l]}` }))}
                value={a.knowledge_level}
                onChange={(e) => {
                  const level = e.currentTarget.value;
                  if (isLevel(level))
                    onChange(attributes.map((x) => (x.id === a.id ? { ...x, knowledge_level: level } : x)));
                }}
              />
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}

interface Props {
  value: SubjectDraft;
  onChange: (value: SubjectDraft) => void;
  /** The subject being edited, or null on create. */
  selfId: number | null;
  subjects: Subject[];
  semesters: Semester[];
  careers: Career[];
  attributes: Attribute[];
  errors: Record<string, string>;
  idPrefix: string;
}

export function SubjectFields({
  value,
  onChange,
  selfId,
  subjects,
  semesters,
  careers,
  attributes,
  errors,
  idPrefix,
}: Props) {
  const set = <K extends keyof SubjectDraft>(key: K, v: SubjectDraft[K]) => onChange({ ...value, [key]: v });
  const bind = bindDraft(value, onChange, errors);
  const prereqs = usePrerequisites(subjects, selfId, value, onChange);

  const attributeName = new Map(
    attributes.map((a) => [String(a.id), a.codigo ? `${a.codigo} · ${a.attribute_name}` : a.attribute_name]),
  );
  const setAttributeIds = (ids: string[]) => {
    const current = new Map(value.attributes.map((a) => [a.id, a.knowledge_level]));
    set(
      'attributes',
      ids.map((id) => ({ id, knowledge_level: current.get(id) ?? 'I' })),
    );
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <LimitedTextInput
          id={`${idPrefix}-name`}
          label="Nombre de la materia"
          withAsterisk
          max={LIMITS.subjectName}
          {...bind('subject_name')}
        />
        <LimitedTextInput
          id={`${idPrefix}-key`}
          label="Clave"
          placeholder="Ej. SCD-1008"
          withAsterisk
          max={LIMITS.subjectKey}
          {...bind('subject_key')}
        />
        <CreditsInput
          id={`${idPrefix}-theory`}
          label="Créditos de teoría"
          value={value.theory_credits}
          onChange={(v) => set('theory_credits', v)}
          error={errors.theory_credits}
        />
        <CreditsInput
          id={`${idPrefix}-practice`}
          label="Créditos de práctica"
          value={value.practice_credits}
          onChange={(v) => set('practice_credits', v)}
          error={errors.practice_credits}
        />
      </SimpleGrid>
      <MultiSelect
        id={`${idPrefix}-prerequisites`}
        label="Prerrequisitos"
        placeholder="Selecciona materias"
        searchable
        clearable
        data={prereqs.map((s) => ({ value: String(s.id), label: `${s.subject_key} · ${s.subject_name}` }))}
        {...bind('prerequisites')}
        nothingFoundMessage="Sin coincidencias"
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={260}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <MultiSelect
          id={`${idPrefix}-semesters`}
          label="Semestres"
          placeholder="Selecciona semestres"
          clearable
          data={semesters.map((s) => ({ value: String(s.id), label: s.semester_name }))}
          {...bind('semesters')}
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          id={`${idPrefix}-careers`}
          label="Carreras"
          placeholder="Selecciona carreras"
          clearable
          searchable
          data={careers.map((c) => ({ value: String(c.id), label: `${c.career_key} · ${c.name}` }))}
          {...bind('careers')}
          nothingFoundMessage="Sin coincidencias"
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <MultiSelect
        id={`${idPrefix}-attributes`}
        label="Atributos"
        placeholder="Selecciona atributos"
        clearable
        searchable
        data={attributes.map((a) => ({ value: String(a.id), label: attributeName.get(String(a.id))! }))}
        value={value.attributes.map((a) => a.id)}
        onChange={setAttributeIds}
        error={errors.attributes}
        nothingFoundMessage="Sin coincidencias"
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={260}
      />
      {value.attributes.length ? (
        <KnowledgeLevels
          attributes={value.attributes}
          nameOf={(id) => attributeName.get(id) ?? id}
          onChange={(list) => set('attributes', list)}
        />
      ) : null}
    </Stack>
  );
}
