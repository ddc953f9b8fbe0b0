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

/** What the order of attributes reads: their code, name and id. */
export interface OrderedAttribute {
  id: number;
  codigo: string | null;
  attribute_name: string;
}

const byKey = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * The order of attributes wherever they are listed, as the server's `byAttributeOrder` writes it in SQL: by code
 * (`esFold`, digit runs as numbers: AE2 before AE10), those without a code after those with one, then by name in
 * Spanish order, then id.
 */
export function compareAttributes(a: OrderedAttribute, b: OrderedAttribute): number {
  const codeA = a.codigo ?? '';
  const codeB = b.codigo ?? '';
  if ((codeA === '') !== (codeB === '')) return codeA === '' ? 1 : -1;
  return (
    byKey(esFold(codeA), esFold(codeB)) || byKey(esFold(a.attribute_name), esFold(b.attribute_name)) || a.id - b.id
  );
}

/** The word that marks an attribute with no career (DESIGN §5: shared, counted in every career's reports). */
export const SHARED_ATTRIBUTE_LABEL = 'compartido';

/** An attribute's name as lists and exports show it: a shared attribute (no career) says so, 'Ética (compartido)'. */
export function attributeDisplayName(name: string, shared: boolean): string {
  return shared ? `${name} (${SHARED_ATTRIBUTE_LABEL})` : name;
}

/** The career column of a shared attribute's rows in an export. */
export const SHARED_ATTRIBUTE_CAREER = 'Compartido por todas las carreras';
