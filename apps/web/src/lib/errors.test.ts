import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { errorText, loadErrorText, serverMessage } from './errors';

describe('errorText', () => {
  it("follows the prefix with the server's message", () => {
    expect(errorText('Error guardando carrera', new ApiError(409, 'La clave ya existe.'))).toBe(
      'Error guardando carrera: La clave ya existe.',
    );
  });

  it('is the prefix alone when the server gave no reason', () => {
    expect(errorText('Error eliminando grupo', new ApiError(500, 'Error 500'))).toBe('Error eliminando grupo');
    expect(errorText('Error eliminando grupo', new TypeError('boom'))).toBe('Error eliminando grupo');
  });

  it('keeps the lost-connection explanation', () => {
    expect(serverMessage(new ApiError(0, 'No se pudo conectar con el servidor.'))).toBe(
      'No se pudo conectar con el servidor.',
    );
  });

  it('joins the fields at fault with Spanish labels after a prefix that ends a sentence', () => {
    const err = new ApiError(422, 'Datos inválidos.', {
      even_months: ['Un mes no puede estar en ambas listas.'],
      mode: ['Modo inválido.'],
    });
    expect(
      errorText('Error guardando la política.', err, { fieldLabels: { even_months: 'Meses pares', mode: 'Modo' } }),
    ).toBe('Error guardando la política. Meses pares: Un mes no puede estar en ambas listas. | Modo: Modo inválido.');
  });

  it("uses the server's message when field labels are given but no field failed", () => {
    expect(errorText('Error guardando la política.', new ApiError(409, 'Conflicto.'), { fieldLabels: {} })).toBe(
      'Error guardando la política. Conflicto.',
    );
  });
});

describe('loadErrorText', () => {
  it('asks whether the user is signed in when the session was refused', () => {
    expect(loadErrorText('Error cargando grupos.', new ApiError(401, 'No autenticado.'))).toBe(
      'Error cargando grupos. ¿Estás autenticado?',
    );
    expect(loadErrorText('Error cargando grupos.', new ApiError(500, 'Error 500'))).toBe('Error cargando grupos.');
  });
});
