/** The texts of the student's grades page (spec §2 and §8). */
export const STUDENT_GRADES_TEXT = {
  loading: 'Cargando calificaciones...',
  noSubjects: 'No tienes materias asignadas.',
  noActivities: 'Esta materia aún no tiene actividades.',
  noAttributes: 'Esta materia no tiene atributos asignados.',
  noObservations: 'No hay observaciones para este atributo.',
  observationsError: 'No se pudieron cargar las observaciones.',
} as const;
