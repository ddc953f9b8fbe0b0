import { Button, Group, Text } from '@mantine/core';
import { cellText } from '../grid/grid-model';
import { timesTen } from '../grid/sheet-state';

interface Props {
  value: number;
  /** The cell asked about, for the question's accessible name ('Examen, Ana López'). */
  where: string;
  /** A label shown before the question (the activity, in the grid's line under a row). */
  label?: string;
  onAnswer: (timesTen: boolean) => void;
}

/** '¿8.5 es de 0 a 10?' with its two answers, shown next to the cell it is about. */
export function TenScaleQuestion({ value, where, label, onAnswer }: Props) {
  const question = `¿${cellText(value)} es de 0 a 10?`;
  return (
    <Group gap={6} wrap="wrap" role="group" aria-label={`${question} (${where})`}>
      <Text size="xs" fw={600}>
        {label ? `${label}: ` : ''}
        {question}
      </Text>
      <Button size="compact-xs" onClick={() => onAnswer(true)}>
        Es {cellText(timesTen(value))}
      </Button>
      <Button size="compact-xs" variant="default" onClick={() => onAnswer(false)}>
        Dejar {cellText(value)}
      </Button>
    </Group>
  );
}
