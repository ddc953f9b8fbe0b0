/** Spanish texts shared by the server and the web client. */
export const MSG = {
  // auth
  invalidCredentials: 'Correo o contraseña incorrectos.',
  tooManyAttempts: (seconds: number) =>
    `Demasiados intentos. Espera ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`,
  mustChangePassword: 'Debes cambiar tu contraseña antes de continuar.',
  passwordReset: 'Contraseña restablecida. Entrégala a la persona: solo se muestra esta vez.',
  initialPasswordExpired:
    'Tu contraseña inicial venció sin usarse. Pide una nueva a tu jefe de división o al administrador.',
  /** A chief acting on a person who is not only theirs (no career, or also another chief's career). */
  personNotOwned:
    'Esta persona no pertenece solo a tus carreras: solo el administrador puede modificarla, restablecer su contraseña o eliminarla.',
  oidcButton: 'Entrar con tu cuenta institucional',
  oidcRequired:
    'Tu institución pide entrar con tu cuenta institucional. Usa el botón «Entrar con tu cuenta institucional».',
  unauthenticated: 'No autenticado. Inicia sesión de nuevo.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  notFound: 'Recurso no encontrado.',
  routeNotFound: 'Ruta no encontrada.',
  validation: 'Los datos enviados no son válidos.',
  internal: 'Ocurrió un error inesperado en el servidor. Intenta de nuevo más tarde.',
  payloadTooLarge: 'El archivo excede el tamaño máximo permitido (5 MB).',
  badJson: 'El cuerpo de la solicitud no es JSON válido.',
  loggedOut: 'Sesión cerrada.',
  unknownRole: 'Rol desconocido, consulta al administrador',
  connectionError: 'Error de conexión o inesperado',
  invalidServerAnswer: 'La respuesta del servidor es inválida.',
  missingUserInAnswer: 'Usuario o ID no encontrado en la respuesta del backend.',
  // account
  nameRequired: 'El nombre es obligatorio',
  emailRequired: 'El correo es obligatorio',
  emailInvalid: 'El correo no es válido',
  emailTaken: 'El correo ya está registrado por otro usuario.',
  currentPasswordRequired: 'La contraseña actual es obligatoria',
  currentPasswordWrong: 'La contraseña actual es incorrecta',
  passwordMin: 'La nueva contraseña debe tener al menos 8 caracteres',
  passwordsDontMatch: 'Las contraseñas no coinciden',
  passwordUnchanged: 'La nueva contraseña debe ser distinta de la actual',
  adminOnlyByOperator:
    'Los administradores solo se crean con la configuración del servidor o con el comando del operador.',
  passwordChanged: 'Contraseña cambiada con éxito',
  passwordChangeError: 'Error al cambiar la contraseña',
  profileUpdated: 'Perfil actualizado',
  profileSaveError: 'Error al guardar los cambios',
  sessionsError: 'Error al obtener sesiones',
  noSessionUser: 'No hay usuario en sesión',
  incompleteUserData: 'Datos de usuario incompletos. Intenta recargar.',
  unknownError: 'Error desconocido',
  logoutTitle: 'Cerrar sesión?',
  logoutText: 'Seguro que deseas cerrar tu sesión?',
  tooLong: (max: number) => `Máximo ${max} caracteres`,
  required: 'Este campo es obligatorio',
} as const;

/**
 * Why an institutional sign-in was refused: the server redirects to the login page with one of these keys, and the
 * page shows its message.
 */
export const OIDC_REFUSALS = {
  audience: 'La respuesta del proveedor institucional no estaba dirigida a esta aplicación. Vuelve a intentarlo.',
  expired: 'La respuesta del proveedor institucional ya expiró. Vuelve a intentarlo.',
  state: 'Este inicio de sesión institucional ya se usó o expiró. Vuelve a intentarlo.',
  unverified: 'Tu proveedor institucional no ha verificado tu correo, así que no puedes entrar con él.',
  domain: 'El dominio de tu correo no está autorizado para entrar con cuenta institucional.',
  no_account: 'No hay una cuenta con tu correo institucional. Pide a la administración que te registre.',
  linked: 'Tu cuenta ya está vinculada a otra cuenta institucional. Pide a la administración que lo revise.',
  failed: 'No se pudo completar el inicio de sesión institucional. Vuelve a intentarlo.',
} as const;
export type OidcRefusal = keyof typeof OIDC_REFUSALS;
