import { Select } from '@mantine/core';
import { PEOPLE_MSG, type UserListItem } from '@egreso/domain';
import { STATUS_OPTIONS } from './StudentFormModal';

interface Props {
  student: UserListItem;
  disabled?: boolean;
  onChange: (active: number) => void;
  /** The spec's refusal when the student has no generation link. */
  onRefused: (message: string) => void;
}

/** The status of the student's latest generation link, changeable in place; without a link the change is refused. */
export function StudentStatusSelect({ student, disabled, onChange, onRefused }: Props) {
  const link = student.latest_generation ?? null;
  return (
    <Select
      size="xs"
      w={130}
      aria-label={`Estatus de ${student.full_name}`}
      data={STATUS_OPTIONS}
      allowDeselect={false}
      placeholder="Sin generación"
      value={link ? String(link.active) : null}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      onChange={(v) => {
        if (v === null) return;
        if (!link) {
          onRefused(PEOPLE_MSG.noGenerationLink);
          return;
        }
        if (Number(v) !== link.active) onChange(Number(v));
      }}
    />
  );
}
