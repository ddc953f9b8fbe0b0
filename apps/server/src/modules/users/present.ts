import type { PublicUser, UserRecord } from '@egreso/domain';

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
