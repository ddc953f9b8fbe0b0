import { generationName, type PublicUser, type UserRecord } from '@egreso/domain';

type Careers = PublicUser['user_careers'];

/** The public shape of a user: `name`/`rol` mirror `full_name`/`role` for clients that read either. */
export function presentUser(u: UserRecord, careers: Careers = []): PublicUser {
  return {
    id: u.id,
    full_name: u.full_name,
    name: u.full_name,
    email: u.email,
    rol: u.role,
    role: u.role,
    controlnumber: u.controlnumber,
    gender: u.gender,
    photo: u.photo,
    created_at: u.created_at,
    updated_at: u.updated_at,
    user_careers: careers,
  };
}

/** A generation link as answered: the generation's name 'YYYY-YYYY' instead of its dates. */
export function presentLink<T extends { start_date: string; end_date: string }>({
  start_date,
  end_date,
  ...link
}: T): Omit<T, 'start_date' | 'end_date'> & { generation_name: string } {
  return { ...link, generation_name: generationName(start_date, end_date) };
}
