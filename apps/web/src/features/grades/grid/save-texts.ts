/**
 * What a save of the grade sheet says: before it (what goes, what stays behind and why) and after it (what the
 * server stored, from its answer). Every count in the singular or the plural as Spanish asks.
 */

/** A cell held back from a save, named for the teacher: its text, the student and the activity. */
export interface HeldCell {
  text: string;
  student: string;
  activity: string;
}

export interface HeldBack {
  /** Typed text that is not a number ('NP'): never sent. */
  bad: HeldCell[];
  /** Grades that look like 0-10 ('8.5'): sent once the teacher answers. */
  asked: HeldCell[];
}

const NAMED = 3;

function one(n: number, singular: string, plural: string): string {
  return n === 1 ? singular : plural;
}

/** The cells held back, the first few by value, student and activity, the rest counted. */
export function heldList(cells: HeldCell[]): string {
  const named = cells.slice(0, NAMED).map((c) => `${c.text} de ${c.student} en ${c.activity}`);
  const rest = cells.length - named.length;
  return rest > 0 ? `${named.join('; ')}; y ${rest} más` : named.join('; ');
}

/** 'Se guardará 1 calificación capturada (1 celda que no es un número se queda sin enviar: …).' and the 0-10 ones. */
export function saveGradesMessage(send: number, { bad, asked }: HeldBack): string {
  const grades = send === 1 ? 'Se guardará 1 calificación capturada' : `Se guardarán ${send} calificaciones capturadas`;
  const unread = bad.length
    ? bad.length === 1
      ? ` (1 celda que no es un número se queda sin enviar: ${heldList(bad)})`
      : ` (las ${bad.length} celdas que no son números se quedan sin enviar: ${heldList(bad)})`
    : '';
  const waiting = asked.length
    ? asked.length === 1
      ? ` 1 calificación que parece de 0 a 10 espera tu respuesta y no se envía: ${heldList(asked)}.`
      : ` Las ${asked.length} calificaciones que parecen de 0 a 10 esperan tu respuesta y no se envían: ${heldList(asked)}.`
    : '';
  return `${grades}${unread}.${waiting}`;
}

/** 'Se guardó 1 calificación.' / 'Se guardaron 6 calificaciones.' / 'No se guardó ninguna calificación.' */
export function savedCountText(saved: number): string {
  return saved === 0
    ? 'No se guardó ninguna calificación.'
    : saved === 1
      ? 'Se guardó 1 calificación.'
      : `Se guardaron ${saved} calificaciones.`;
}

/** The cells held back, counted: '1 calificación que parece de 0 a 10 (espera tu respuesta) y 2 celdas que no…'. */
function heldParts({ bad, asked }: HeldBack): string {
  return [
    ...(asked.length
      ? [
          `${one(asked.length, '1 calificación que parece', `${asked.length} calificaciones que parecen`)} de 0 a 10 (${one(asked.length, 'espera', 'esperan')} tu respuesta)`,
        ]
      : []),
    ...(bad.length ? [one(bad.length, '1 celda que no es un número', `${bad.length} celdas que no son números`)] : []),
  ].join(' y ');
}

/** What stayed on the sheet unsent, or '' when nothing did. */
export function heldBackText(held: HeldBack): string {
  const parts = heldParts(held);
  return parts ? `Quedaron sin enviar: ${parts}.` : '';
}

/**
 * The banner over drafts recovered from the browser: the grades a save would send, then, apart, the cells that wait
 * for an answer and the ones that are not numbers (never counted as grades).
 */
export function restoredDraftsText(send: number, held: HeldBack): string {
  const parts = heldParts(held);
  const marked = (n: number) => one(n, 'está marcada en la tabla', 'están marcadas en la tabla');
  const heldCount = held.bad.length + held.asked.length;
  if (send === 0)
    return parts
      ? `${one(heldCount, 'No se guardó', 'No se guardaron')} la última vez: ${parts} (${marked(heldCount)}).`
      : '';
  const grades =
    send === 1
      ? 'Hay 1 calificación capturada que no se guardó la última vez'
      : `Hay ${send} calificaciones capturadas que no se guardaron la última vez`;
  return `${grades} (${marked(send)}).${parts ? ` Además quedaron sin enviar: ${parts}.` : ''}`;
}

/**
 * The result of a save, from the server's answer: its message, how many grades it stored, how many already held that
 * value, and what stayed behind on the sheet.
 */
export function savedMessage(result: { message: string; saved: number; unchanged: number }, held: HeldBack): string {
  const unchanged = result.unchanged
    ? ` ${one(result.unchanged, '1 ya tenía ese valor.', `${result.unchanged} ya tenían ese valor.`)}`
    : '';
  return [result.message, `${savedCountText(result.saved)}${unchanged}`, heldBackText(held)].filter(Boolean).join('\n');
}

/** The result of a save where some cells conflicted: what went through, then what did not and why. */
export function conflictMessage(
  saved: number,
  conflicts: number,
  held: HeldBack = { bad: [], asked: [] },
): { title: string; message: string } {
  const conflictText =
    conflicts === 1
      ? 'Una calificación cambió en otro lugar desde que abriste la hoja y no se sobrescribió; revísala abajo.'
      : `${conflicts} calificaciones cambiaron en otro lugar desde que abriste la hoja y no se sobrescribieron; revísalas abajo.`;
  return {
    title: saved === 0 ? 'Calificaciones en conflicto' : 'Guardado con conflictos',
    message: [`${savedCountText(saved)} ${conflictText}`, heldBackText(held)].filter(Boolean).join('\n'),
  };
}
