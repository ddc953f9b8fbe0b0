import { Select, SimpleGrid } from '@mantine/core';
import { LIMITS } from '@egreso/domain';
import { LimitedTextInput } from '../../../components/LimitedTextInput';
import type { FormState } from '../../../lib/use-form';
import { GENDER_OPTIONS, type PersonValues } from './person-fields';

interface Props {
  form: Pick<FormState<PersonValues, unknown>, 'bind'>;
  /** The number's label: 'Matrícula', 'Número de empleado', 'Número de control'. */
  numberLabel: string;
  /** Prefix of the inputs' ids ('student' gives 'student-name'); none leaves the ids generated. */
  idPrefix?: string;
  /** The e-mail right below the name (the chief's form) rather than below the number and the gender. */
  emailFirst?: boolean;
}

/** The fields every person form asks: full name, number, gender and e-mail, each required. */
export function PersonFields({ form, numberLabel, idPrefix, emailFirst = false }: Props) {
  const id = (field: string) => (idPrefix ? `${idPrefix}-${field}` : undefined);
  const email = (
    <LimitedTextInput
      id={id('email')}
      label="Correo electrónico"
      type="email"
      required
      max={LIMITS.email}
      {...form.bind('email')}
    />
  );
  return (
    <>
      <LimitedTextInput
        id={id('name')}
        label="Nombre completo"
        required
        max={LIMITS.userName}
        {...form.bind('full_name')}
        data-autofocus
      />
      {emailFirst ? email : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <LimitedTextInput
          id={id('number')}
          label={numberLabel}
          required
          max={LIMITS.controlNumber}
          {...form.bind('controlnumber')}
        />
        <Select
          id={id('gender')}
          label="Género"
          placeholder="Selecciona"
          required
          data={GENDER_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.bind('gender')}
        />
      </SimpleGrid>
      {emailFirst ? null : email}
    </>
  );
}
