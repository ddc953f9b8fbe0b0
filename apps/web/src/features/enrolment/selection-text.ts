/** The messages of 'Selecciona tus materias' (spec §2, §5, §8). */
export const SELECTION_TEXT = {
  pickGroup: 'Selecciona tu grupo para ver materias disponibles.',
  empty: 'No hay materias disponibles para este grupo/semestre.',
  loadError: 'Error cargando datos. ¿Estás autenticado?',
  required: 'Selecciona grupo y al menos una materia',
  saveError: 'Error guardando selección',
  saving: 'Guardando selección...',
} as const;
