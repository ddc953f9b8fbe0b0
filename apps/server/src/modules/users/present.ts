/** The public shape of a user: `name`/`rol` mirror `full_name`/`role` for clients that read either. */
export function presentUser<
  U extends {
    id: number;
    full_name: string;
    email: string;
    role: number;
    controlnumber: string | null;
    gender: number | null;
    photo: string | null;
    created_at: string;
    updated_at: string;
  },
>(u: U, careers: Array<{ id: number; career_id: number; career: { id: number; career_key: string; name: string } }> = []) {
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
