/**
 * The OpenAPI entries of single sign-on (issue #18): /api/sso/proveedores (administration) and
 * /api/auth/sso (the public round), as operations.ts describes the other areas.
 */
import type { OperationDoc } from './operations';
import { LIST, VERSION } from './operation-texts';

const SECRETO =
  '`clientSecret` es de solo escritura: se guarda cifrado (AES-256-GCM) y nunca se devuelve; las respuestas dicen `clientSecretConfigurado`.';
const DESCUBRIMIENTO =
  'Antes de guardar se lee `<issuer>/.well-known/openid-configuration`: 400 SSO_ISSUER_NO_RESPONDE si no responde, 400 SSO_ISSUER_NO_COINCIDE si declara otro emisor, 400 SSO_ISSUER_INSEGURO para `http://` fuera de 127.0.0.1, ::1 o localhost.';
const DELEGACION_SSO =
  'Reglas de delegación (issue #13): `mapeoGrupos` y `rolPorDefecto` dan roles a quien inicia sesión, así que solo se nombran roles que quien escribe puede dar (antes y después del cambio); si no, 403 FORBIDDEN auditado. Un rol que no existe es 400.';

export const SSO_OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  'GET /api/sso/proveedores': {
    operationId: 'listProveedoresSso',
    description: `Los proveedores OpenID Connect de inicio de sesión único, por nombre (permiso configuracion:gestionar). ${LIST}`,
    responses: { 200: 'Una página de proveedores (sin secretos).' },
  },
  'POST /api/sso/proveedores': {
    operationId: 'createProveedorSso',
    description: `Da de alta un proveedor (permiso configuracion:gestionar). ${DESCUBRIMIENTO} ${SECRETO} ${DELEGACION_SSO}`,
    responses: {
      201: 'El proveedor creado, con `redirectUri` para registrar en el proveedor.',
      409: 'Ya existe un proveedor con ese nombre (SSO_NOMBRE_EN_USO).',
    },
  },
  'GET /api/sso/proveedores/{id}': {
    operationId: 'getProveedorSso',
    description: 'Un proveedor de inicio de sesión único (permiso configuracion:gestionar).',
    responses: { 200: 'El proveedor (sin secreto).' },
  },
  'PATCH /api/sso/proveedores/{id}': {
    operationId: 'updateProveedorSso',
    description: `Cambia un proveedor (permiso configuracion:gestionar); sin \`clientSecret\` se conserva el guardado; el descubrimiento se repite solo si cambia \`issuer\`. ${DESCUBRIMIENTO} ${DELEGACION_SSO} ${VERSION}`,
    responses: { 200: 'El proveedor guardado.' },
  },
  'DELETE /api/sso/proveedores/{id}': {
    operationId: 'deleteProveedorSso',
    description: `Elimina un proveedor y sus vínculos de identidad; los roles que dio se quedan (permiso configuracion:gestionar). ${DELEGACION_SSO}`,
    responses: { 204: 'Eliminado.' },
  },
  'GET /api/auth/sso/proveedores': {
    operationId: 'listProveedoresSsoPublicos',
    description:
      'Sin sesión: `[{id, nombre}]` de los proveedores activos, para los botones «Continuar con …» de /login. Cacheable 60 s.',
    responses: { 200: 'Los proveedores activos.' },
  },
  'GET /api/auth/sso/{id}/start': {
    operationId: 'startSso',
    description:
      'Sin sesión: 302 a la página de autorización del proveedor (código de autorización con PKCE S256, `state` y `nonce`, 10 minutos, un solo uso). Un proveedor desconocido o inactivo: 302 a /login/sso?error=SSO_PROVEEDOR_NO_DISPONIBLE.',
    parameters: {
      redirect:
        'Ruta de la aplicación a la que volver al terminar (solo rutas del mismo origen; si no, `/`).',
    },
    responses: { 302: 'Redirección al proveedor (o a /login/sso?error=).' },
  },
  'GET /api/auth/sso/{id}/callback': {
    operationId: 'callbackSso',
    description:
      'El redirect URI que se registra en el proveedor. Valida la respuesta y 302 a /login/sso?redirect= con una cookie HttpOnly de un solo uso (60 s, Path=/api/auth/sso/resultado), o a /login/sso?error=<código> sin cookie. Nunca pone la sesión en una URL.',
    parameters: {
      code: 'El código de autorización (RFC 6749 §4.1.2).',
      state: 'El `state` enviado al proveedor.',
      error: 'Error del proveedor (RFC 6749 §4.1.2.1).',
      error_description: 'Descripción del error del proveedor.',
      iss: 'Emisor de la respuesta (RFC 9207).',
      session_state: 'Estado de sesión del proveedor (se ignora).',
    },
    responses: { 302: 'Redirección a /login/sso.' },
  },
  'POST /api/auth/sso/resultado': {
    operationId: 'resultadoSso',
    description:
      'Consume la cookie de un solo uso que dejó el callback y responde exactamente como POST /api/auth/login tras una contraseña correcta: `{token, user}`, o el segundo paso `{mfa: {token, metodos}}` / `{mfa: {token, configurar: true}}`. Sin cookie válida: 401 SSO_RESULTADO_INVALIDO.',
    responses: { 200: 'Sesión iniciada, o el segundo paso.' },
  },
};
