/**
 * The Spanish sort key, shared by the server (SQLite function, PostgreSQL migration) and any client that filters:
 * accents and case ignored, ñ after n, digit runs compared as numbers, as the UI's collator orders.
 * The PostgreSQL function is built from these same constants, so both databases fold identically.
 */

/** Letters folded by `translate` (one character to one character), upper and lower case. Ñ folds to ñ, then to 'n~'. */
export const ES_FOLD_FROM = 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕØóòôöõøÚÙÛÜúùûüÝýÿÇçÑ';
export const ES_FOLD_TO = 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooooouuuuuuuuyyyccñ';

/** ñ sorts after every other n…: '~' is above every lower-case ASCII letter. */
export const ES_ENYE_KEY = 'n~';

/** Digit runs are padded to this width so '9' sorts before '10' (the collator's numeric option). */
export const ES_DIGIT_WIDTH = 10;

const FOLD = new Map([...ES_FOLD_FROM].map((ch, i) => [ch, ES_FOLD_TO[i]!]));

/**
 * 'Ñoño 9' → 'n~on~o 0000000009'. Comparing keys code point by code point gives the collator's order;
 * equal keys (case or accents only differ) are left to a tie-breaker such as the id.
 */
export function esFold(text: string): string {
  let out = '';
  for (const ch of text) out += FOLD.get(ch) ?? ch;
  return out
    .toLowerCase()
    .replaceAll('ñ', ES_ENYE_KEY)
    .replace(/[0-9]+/g, (run) => run.replace(/^0+/, '').padStart(ES_DIGIT_WIDTH, '0'));
}

/**
 * The search fold: accents, case and the tilde of ñ ignored, digits left as typed, so 'nunez' and 'núñez' both find
 * 'Núñez' and '2601' finds 'L26010001'. SQL's `es_search(text)` is this same function (migration 0013 on PostgreSQL).
 */
export function esSearchFold(text: string): string {
  let out = '';
  for (const ch of text) out += FOLD.get(ch) ?? ch;
  return out.toLowerCase().replaceAll('ñ', 'n');
}
