/**
 * The OpenAPI entries of /api/tokens (issue #17 "Personal API tokens"), as operations.ts
 * describes the other areas. Rules: shared/src/contracts/api-tokens.ts.
 */
import type { OperationDoc } from './operations';

const SOLO_SESION =
  'Solo con una sesión: un token de API recibe 403 TOKEN_NO_PERMITIDO en /api/tokens.';

export const API_TOKENS_OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  'POST /api/tokens': {
    operationId: 'createApiToken',
    description: `Crea un token de API personal (\`gdu_pat_…\`), que se devuelve una sola vez; solo se guarda su SHA-256. \`expiraEn\` es obligatoria, futura y como mucho a 365 días (400 TOKEN_EXPIRACION_NO_VALIDA); \`permisos\` deben ser permisos que el usuario tiene ahora (400 TOKEN_PERMISOS_NO_VALIDOS). Al usarlo, el token tiene solo sus permisos que el dueño siga teniendo, nunca el rol admin. ${SOLO_SESION}`,
    responses: {
      201: 'El token (se muestra una sola vez) y su ficha.',
      409: 'TOKEN_LIMITE_ALCANZADO: el usuario ya tiene 50 tokens vigentes.',
    },
  },
  'GET /api/tokens': {
    operationId: 'listApiTokens',
    description: `Los tokens de API propios, el más reciente primero. Con \`usuarioId\`, los de otro usuario (permiso usuarios:editar y reglas de delegación: solo usuarios sobre los que se puede actuar); con \`todos=true\`, los de todos (solo el rol admin). ${SOLO_SESION}`,
    parameters: {
      usuarioId: 'Los tokens de este usuario (usuarios:editar y delegación).',
      todos: '`true`: los tokens de todos los usuarios, cada uno con `usuario` (solo admin).',
    },
    responses: { 200: 'Una página de tokens (nunca el secreto).' },
  },
  'DELETE /api/tokens/{id}': {
    operationId: 'deleteApiToken',
    description: `Revoca un token de API al instante: uno propio, o el de otro usuario con usuarios:editar y las reglas de delegación (queda auditado). ${SOLO_SESION}`,
    responses: { 204: 'Revocado.' },
  },
};
