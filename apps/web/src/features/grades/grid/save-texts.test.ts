import { describe, expect, it } from 'vitest';
import {
  conflictMessage,
  heldBackText,
  restoredDraftsText,
  saveGradesMessage,
  savedMessage,
  type HeldCell,
} from './save-texts';

const cell = (text: string, student = 'Ana López', activity = 'Examen'): HeldCell => ({ text, student, activity });
const none = { bad: [], asked: [] };

describe('what a save of the grade sheet says', () => {
  it('counts what goes, in the singular and the plural', () => {
    expect(saveGradesMessage(1, none)).toBe('Se guardará 1 calificación capturada.');
    expect(saveGradesMessage(6, none)).toBe('Se guardarán 6 calificaciones capturadas.');
  });

  it('names one cell that is not a number, and several', () => {
    expect(saveGradesMessage(2, { bad: [cell('«NP»')], asked: [] })).toBe(
      'Se guardarán 2 calificaciones capturadas (1 celda que no es un número se queda sin enviar: «NP» de Ana López en Examen).',
    );
    expect(saveGradesMessage(1, { bad: [cell('«NP»'), cell('«abc»', 'Beto Ruiz')], asked: [] })).toBe(
      'Se guardará 1 calificación capturada (las 2 celdas que no son números se quedan sin enviar: «NP» de Ana López' +
        ' en Examen; «abc» de Beto Ruiz en Examen).',
    );
  });

  it('names the 0-10 look-alikes waiting for an answer, the first three and the rest counted', () => {
    expect(saveGradesMessage(6, { bad: [], asked: [cell('8.5')] })).toBe(
      'Se guardarán 6 calificaciones capturadas. 1 calificación que parece de 0 a 10 espera tu respuesta y no se' +
        ' envía: 8.5 de Ana López en Examen.',
    );
    const five = ['8.5', '9.0', '7.5', '6.0', '9.5'].map((t) => cell(t));
    expect(saveGradesMessage(3, { bad: [], asked: five })).toBe(
      'Se guardarán 3 calificaciones capturadas. Las 5 calificaciones que parecen de 0 a 10 esperan tu respuesta y' +
        ' no se envían: 8.5 de Ana López en Examen; 9.0 de Ana López en Examen; 7.5 de Ana López en Examen; y 2 más.',
    );
  });

  it("reports the server's counts and what stayed behind", () => {
    expect(savedMessage({ message: '¡Calificaciones guardadas correctamente!', saved: 6, unchanged: 0 }, none)).toBe(
      '¡Calificaciones guardadas correctamente!\nSe guardaron 6 calificaciones.',
    );
    expect(
      savedMessage(
        { message: '¡Calificaciones guardadas correctamente!', saved: 1, unchanged: 2 },
        { bad: [cell('«NP»'), cell('«x»')], asked: [cell('8.5')] },
      ),
    ).toBe(
      '¡Calificaciones guardadas correctamente!\nSe guardó 1 calificación. 2 ya tenían ese valor.\n' +
        'Quedaron sin enviar: 1 calificación que parece de 0 a 10 (espera tu respuesta) y 2 celdas que no son números.',
    );
    expect(heldBackText({ bad: [cell('«NP»')], asked: [cell('8.5'), cell('9.0')] })).toBe(
      'Quedaron sin enviar: 2 calificaciones que parecen de 0 a 10 (esperan tu respuesta) y 1 celda que no es un número.',
    );
    expect(heldBackText(none)).toBe('');
  });

  it('tells a save with conflicts what went through, from the server, and what stayed behind', () => {
    expect(conflictMessage(0, 1, { bad: [cell('«NP»')], asked: [] })).toEqual({
      title: 'Calificaciones en conflicto',
      message:
        'No se guardó ninguna calificación. Una calificación cambió en otro lugar desde que abriste la hoja y no se' +
        ' sobrescribió; revísala abajo.\nQuedaron sin enviar: 1 celda que no es un número.',
    });
  });
});

describe('restoredDraftsText', () => {
  const one = cell('x');
  it('counts the grades a save sends apart from the cells it holds back, singular and plural', () => {
    expect(restoredDraftsText(1, { bad: [], asked: [] })).toBe(
      'Hay 1 calificación capturada que no se guardó la última vez (está marcada en la tabla).',
    );
    expect(restoredDraftsText(3, { bad: [one, one], asked: [] })).toBe(
      'Hay 3 calificaciones capturadas que no se guardaron la última vez (están marcadas en la tabla). Además' +
        ' quedaron sin enviar: 2 celdas que no son números.',
    );
    expect(restoredDraftsText(0, { bad: [one], asked: [] })).toBe(
      'No se guardó la última vez: 1 celda que no es un número (está marcada en la tabla).',
    );
    expect(restoredDraftsText(0, { bad: [one], asked: [one, one] })).toBe(
      'No se guardaron la última vez: 2 calificaciones que parecen de 0 a 10 (esperan tu respuesta) y 1 celda que no' +
        ' es un número (están marcadas en la tabla).',
    );
  });
});
