import { Badge, Group, Stack, Text } from '@mantine/core';
import { holdingOf, type Subject, type SubjectListItem } from '@egreso/domain';
import { MissingText } from '../../../components/MissingText';
import type { Column } from '../../../components/ResponsiveTable';
import { creditsText } from './subject-draft';

function AttributesCell({ subject }: { subject: Subject }) {
  if (!subject.attributes.length) return <MissingText>Sin atributos</MissingText>;
  return (
    <Stack gap={2}>
      {subject.attributes.map((a) => (
        <Text key={a.id} size="sm">{`${a.attribute_name} (${a.knowledge_level})`}</Text>
      ))}
    </Stack>
  );
}

function SemestersCell({ subject }: { subject: Subject }) {
  if (!subject.semesters.length) return <MissingText>Sin semestres</MissingText>;
  return (
    <Group gap={4}>
      {subject.semesters.map((s) => (
        <Badge key={s.id} variant="light" radius="sm" tt="none">
          {s.semester_name}
        </Badge>
      ))}
    </Group>
  );
}

/** Why a chief may not change a subject (the server's `can_edit` is false), from its careers and the chief's. */
export function lockedReason(s: SubjectListItem, mine: readonly number[]): string | null {
  if (s.can_edit) return null;
  const holding = holdingOf(
    { all: false, careers: [...mine] },
    s.careers.map((c) => c.id),
  );
  if (holding === 'none') return 'La cambia el administrador: no pertenece a ninguna carrera.';
  if (holding === 'other') return 'Pertenece a una carrera que no diriges.';
  return 'La cambia el administrador: también pertenece a otra carrera.';
}

/** The name (its key beside it on a phone, its prerequisites under it), key, credits, attributes and semesters. */
export function subjectColumns(isMobile: boolean, nameById: ReadonlyMap<number, string>): Column<SubjectListItem>[] {
  const requires = (s: Subject) =>
    s.prerequisites.length ? (
      <Text size="xs" c="dimmed">
        Requiere: {s.prerequisites.map((id) => nameById.get(id) ?? `#${id}`).join(', ')}
      </Text>
    ) : null;
  return [
    {
      key: 'name',
      header: 'Nombre',
      card: 'title',
      cell: (s) => (
        <>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Text fw={isMobile ? 700 : 600} size={isMobile ? undefined : 'sm'} style={{ overflowWrap: 'anywhere' }}>
              {s.subject_name}
            </Text>
            {isMobile ? (
              <Badge variant="outline" radius="sm" tt="none" style={{ flexShrink: 0 }}>
                {s.subject_key}
              </Badge>
            ) : null}
          </Group>
          {requires(s)}
        </>
      ),
    },
    { key: 'key', header: 'Clave', width: 110, cell: (s) => s.subject_key, card: 'hidden' },
    {
      key: 'credits',
      header: 'Créditos',
      width: 110,
      cell: (s) => <span style={{ whiteSpace: 'nowrap' }}>{creditsText(s)}</span>,
    },
    { key: 'attributes', header: 'Atributos', cell: (s) => <AttributesCell subject={s} /> },
    { key: 'semesters', header: 'Semestres', width: 170, cell: (s) => <SemestersCell subject={s} /> },
  ];
}
