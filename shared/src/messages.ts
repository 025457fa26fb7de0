/**
 * User-facing Spanish texts that SPEC §4 and §8 give verbatim. Every package takes them from here
 * so a message can never drift between the api, the store and a page.
 */
export const MESSAGES = {
  loginSuccess: 'Bienvenido de nuevo',
  registerSuccess: 'Cuenta creada correctamente',
  logoutInfo: 'Sesión cerrada',
  /** Login: server error or non-OK response without a message (SPEC §8), and a thrown login. */
  loginError: 'Error al iniciar sesión',
  /** Login failed, as the UI shows it; also the api's 401 message. */
  invalidCredentials: 'Credenciales incorrectas',
  /** Registration failed or threw, as the UI shows it. */
  registerFailedUi: 'Error al crear la cuenta',
  /** Registration default from the store. */
  registerError: 'Error al registrarse',
  logoutError: 'Error al cerrar sesión',
  userFetchError: 'Error al obtener datos del usuario',
  invalidUserData: 'Datos de usuario inválidos',
  notFound: 'Page not found',
} as const;

/** Spanish messages of the api's error responses (DESIGN.md §3: `message` is shown to the user). */
export const API_MESSAGES = {
  validation: 'Los datos enviados no son válidos',
  malformedJson: 'El cuerpo de la petición no es JSON válido',
  payloadTooLarge: 'La petición es demasiado grande',
  unsupportedMediaType: 'Tipo de contenido no admitido',
  unauthenticated: 'Sesión no válida o caducada',
  forbidden: 'No tiene permiso para realizar esta acción',
  notFound: 'Recurso no encontrado',
  emailTaken: 'Ya existe una cuenta con ese correo electrónico',
  registrationClosed: 'El registro de nuevas cuentas está desactivado',
  registrationDomain: 'El registro no está permitido para ese dominio de correo',
  rateLimited: 'Demasiados intentos. Inténtelo de nuevo más tarde',
  accountLocked:
    'Cuenta bloqueada temporalmente por demasiados intentos fallidos. Inténtelo de nuevo más tarde',
  passwordTooShort: 'La contraseña debe tener al menos 8 caracteres',
  passwordTooLong: 'La contraseña no puede superar los 128 caracteres',
  passwordCommon: 'Esa contraseña es demasiado común; elija otra',
  /** A new password equal to the e-mail, its local part or the nombre (issue #13). */
  passwordMatchesOwner: 'La contraseña no puede ser igual a su correo electrónico ni a su nombre',
  invalidEmail: 'El correo electrónico no es válido',
  nombreRequired: 'El nombre es obligatorio',
  versionConflict: 'Otra persona ha modificado este registro; recargue los datos',
  internal: 'Error interno del servidor',
  serviceUnavailable: 'Servicio no disponible temporalmente',
} as const;

/**
 * Spanish messages of the account-lifecycle answers (issue #15). Apart from `API_MESSAGES` so the
 * shell, which needs one message of that object on the first visit to /login, does not carry
 * these too (the first visit's 200 KiB budget, bench/bundle-size.mjs).
 */
export const LIFECYCLE_MESSAGES = {
  tokenInvalid: 'El enlace no es válido o ha caducado',
  passwordChangeRequired: 'Debe cambiar su contraseña antes de continuar',
  emailNotVerified: 'Debe verificar su correo electrónico',
  forgotAccepted:
    'Si existe una cuenta con ese correo electrónico, recibirá un enlace para restablecer la contraseña',
  resendAccepted:
    'Si hay una cuenta pendiente de verificar con ese correo electrónico, recibirá un nuevo enlace',
  registerPending: 'Cuenta creada. Revise su correo electrónico para verificarla',
  emailChangeAccepted: 'Le hemos enviado un enlace a la nueva dirección para confirmarla',
} as const;
