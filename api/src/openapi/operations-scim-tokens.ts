/**
 * The OpenAPI entries of /api/scim/tokens (issue #17), as operations.ts describes them for the
 * other areas. The SCIM service provider itself (/scim/v2) is not in this document: it follows
 * RFC 7644 and describes itself at /scim/v2/ServiceProviderConfig, /ResourceTypes and /Schemas.
 */
import type { OperationDoc } from './operations';

const PERMISO =
  'Permiso configuracion:gestionar. La conexión actúa en /scim/v2 con la autoridad de quien la creó (reglas de delegación) y deja de funcionar si esa persona se desactiva o pierde el permiso.';

export const SCIM_TOKENS_OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  'GET /api/scim/tokens': {
    operationId: 'listConexionesScim',
    description: `Las conexiones de aprovisionamiento (SCIM) activas, la más reciente primero, sin su token. ${PERMISO}`,
    responses: { 200: 'Las conexiones activas, en una página.' },
  },
  'POST /api/scim/tokens': {
    operationId: 'createConexionScim',
    description: `Crea una conexión y devuelve su token (gdu_scim_…) una sola vez: solo se guarda su SHA-256. Puede haber varias activas a la vez para rotar el token sin cortes. ${PERMISO}`,
    responses: {
      201: 'La conexión y su token, que no se vuelve a mostrar.',
      409: 'Ya hay demasiadas conexiones activas (SCIM_CONEXIONES_LIMITE).',
    },
  },
  'DELETE /api/scim/tokens/{id}': {
    operationId: 'revokeConexionScim',
    description: `Revoca una conexión: la siguiente llamada SCIM con su token recibe 401. ${PERMISO}`,
    responses: { 204: 'Revocada.', 404: 'No existe o ya estaba revocada (SCIM_CONEXION_NO_ENCONTRADA).' },
  },
};
