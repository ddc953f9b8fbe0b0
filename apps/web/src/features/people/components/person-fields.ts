import { GENDER_LABEL, PEOPLE_MSG, type PublicUser } from '@egreso/domain';
import type { FieldErrors } from '../../../lib/use-form';

export const GENDER_OPTIONS = Object.entries(GENDER_LABEL).map(([value, label]) => ({ value, label }));

/** The fields both people forms share, as typed. */
export interface PersonValues {
  full_name: string;
  controlnumber: string;
  email: string;
  gender: string | null;
}

export const EMPTY_PERSON: PersonValues = { full_name: '', controlnumber: '', email: '', gender: null };

export function personValues(user: PublicUser): PersonValues {
  return {
    full_name: user.full_name,
    controlnumber: user.controlnumber ?? '',
    email: user.email,
    gender: user.gender ? String(user.gender) : null,
  };
}

/** The spec's rule: every field is required, with one message above the fields. */
export function missingFields(v: PersonValues): FieldErrors {
  const found: FieldErrors = {};
  if (!v.full_name.trim()) found.full_name = 'El nombre es obligatorio';
  if (!v.controlnumber.trim()) found.controlnumber = 'El número es obligatorio';
  if (!v.email.trim()) found.email = 'El correo es obligatorio';
  if (!v.gender) found.gender = 'Selecciona el género';
  return found;
}

export const fillAllWhenMissing = (v: PersonValues) =>
  Object.keys(missingFields(v)).length > 0 ? PEOPLE_MSG.fillAll : null;
