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

/** Activation, reset and e-mail change by e-mail (DESIGN §5, Initial credentials), when the institution has mail. */
export const MAIL_MSG = {
  forgotLink: '¿Olvidaste tu contraseña?',
  forgotTitle: 'Restablecer contraseña',
  forgotIntro:
    'Escribe el correo con el que inicias sesión y te enviaremos un enlace para elegir una contraseña nueva.',
  forgotSend: 'Enviar enlace',
  /** The same answer whether the address has an account or not. */
  forgotSent:
    'Si el correo corresponde a una cuenta, en unos minutos recibirás un enlace para restablecer tu contraseña. Revisa también la carpeta de correo no deseado.',
  activateTitle: 'Activa tu cuenta',
  resetTitle: 'Elige una contraseña nueva',
  linkPasswordSave: 'Guardar contraseña y entrar',
  linkChecking: 'Revisando el enlace…',
  linkInvalid:
    'Este enlace ya no es válido: caducó, ya se usó o se envió otro más reciente. Pide uno nuevo desde «¿Olvidaste tu contraseña?» o a tu jefe de división.',
  linkMissing: 'Falta el código del enlace. Abre el enlace completo que recibiste por correo.',
  emailConfirmTitle: 'Confirmar correo',
  emailConfirmButton: 'Confirmar mi nuevo correo',
  emailConfirmed: (email: string) =>
    `Tu correo cambió a ${email}. Inicia sesión con él; las sesiones abiertas se cerraron.`,
  emailTakenMeanwhile: 'Ese correo ya lo usa otra cuenta; el cambio no se aplicó.',
  toLogin: 'Ir a iniciar sesión',
  tokenRequired: 'Falta el código del enlace',
  mailUnavailable: 'Esta institución no tiene correo configurado.',
  /** What a manager reads instead of a credential. */
  activationSent: (email: string) =>
    `Se envió a ${email} un enlace para que la persona elija su contraseña. Nadie más la conoce.`,
  resetSent: (email: string) =>
    `Se envió a ${email} un enlace para elegir una contraseña nueva. La anterior dejó de servir y sus sesiones se cerraron.`,
  sentMany: (n: number) =>
    n === 1 ? 'Se envió 1 enlace de activación por correo.' : `Se enviaron ${n} enlaces de activación por correo.`,
  notSent: (n: number) =>
    n === 1
      ? 'No se pudo enviar el correo a 1 persona. Vuelve a intentarlo más tarde con «Restablecer contraseña».'
      : `No se pudo enviar el correo a ${n} personas. Vuelve a intentarlo más tarde con «Restablecer contraseña».`,
  emailPending: (email: string) =>
    `Se envió un enlace de confirmación a ${email}. El correo cambiará cuando se confirme desde ese enlace (24 horas).`,
  emailPendingNotSent: (email: string) =>
    `No se pudo enviar el enlace de confirmación a ${email}; el correo no cambió. Vuelve a intentarlo más tarde.`,
  pendingBanner: (email: string) =>
    `Confirma el cambio desde el enlace que enviamos a ${email}. Mientras tanto sigues entrando con tu correo actual.`,
} as const;
