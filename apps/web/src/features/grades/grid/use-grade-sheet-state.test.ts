import { describe, expect, it } from 'vitest';
import { nothingToSendMessage } from './use-grade-sheet-state';

describe('nothingToSendMessage', () => {
  it('asks for the 0-10 answers first, then for the bad cells, else says there is nothing new', () => {
    expect(nothingToSendMessage(2, 1)).toBe('Responde primero si las calificaciones marcadas son de 0 a 10.');
    expect(nothingToSendMessage(0, 1)).toBe('Corrige las celdas marcadas: no son números entre 0 y 100.');
    expect(nothingToSendMessage(0, 0)).toBe('No hay calificaciones nuevas que guardar.');
  });
});
