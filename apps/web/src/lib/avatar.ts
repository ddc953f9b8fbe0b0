/* The avatar of the signed-in user, in the side menu and on the account page. */

/** Up to two initials for the avatar when there is no photo. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** A stored photo path: full URLs and absolute paths as they are, bare paths under the storage prefix. */
export function photoUrl(photo: string | null | undefined): string | null {
  if (!photo) return null;
  if (/^(https?:|data:|blob:|\/)/i.test(photo)) return photo;
  return `/storage/${photo}`;
}
