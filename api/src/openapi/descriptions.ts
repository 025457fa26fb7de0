/**
 * Descriptions shared by many operations of /api/docs/json (issue #13): parameters by name and
 * responses by status. An operation states its own in operations.ts when the shared text would
 * be vague for it (what `q` searches, what a 200 holds).
 */
import { PAGE_MAX } from '@gestion/shared';

/** Query and path parameters, by name. A schema's own `description` wins over these. */
export const PARAMETER_DESCRIPTIONS: Readonly<Record<string, string>> = {
  id: 'Id (entero desde 1) del recurso de la ruta; en /api/eventos/{id}/periodos, el del evento.',
  periodoId: 'Id (entero desde 1) del periodo, dentro del evento `id`.',
  q: 'Texto buscado, sin distinguir mayúsculas; la descripción de la operación dice en qué campos.',
  sort: 'Orden: `campo` ascendente o `-campo` descendente, entre los valores del esquema.',
  page: `Página, de 1 a ${PAGE_MAX} (por defecto 1); fuera de rango, 400.`,
  pageSize: 'Elementos por página (por defecto y máximo en el esquema).',
  rol: 'Nombre de un rol: solo los usuarios que lo tienen.',
  activo: '`true`: solo usuarios activos; `false`: solo inactivos.',
  dryRun:
    '`1` o `true`: solo el informe por fila, no se guarda nada; `0`, `false` o ausente: se aplica.',
  reemplazo:
    'Rol que reciben quienes tenían el rol eliminado (obligatorio si hay usuarios con él).',
  rolPorDefecto:
    'Nuevo rol por defecto del registro (obligatorio si el rol eliminado es el rol por defecto).',
  actor: 'Parte del correo del actor (sin distinguir mayúsculas) o su id.',
  accion:
    'Una acción exacta (`usuarios.crear`) o el prefijo de un recurso (`usuarios`); `%` y `_` se buscan literalmente.',
  objetivo: 'Un tipo de objetivo (`usuario`) o `tipo:id` (`usuario:12`).',
  desde:
    'Desde (inclusive): fecha ISO 8601 `YYYY-MM-DD` (ese día en UTC) o fecha y hora con zona (`2026-03-01T09:00:00Z`).',
  hasta:
    'Hasta (inclusive): fecha ISO 8601 `YYYY-MM-DD` (cubre todo ese día en UTC) o fecha y hora con zona.',
  estado:
    'Uno o varios estados del evento, repitiendo el parámetro (`?estado=borrador&estado=publicado`).',
  tipo: 'Tipo de informe.',
  separador: 'Separador de columnas del CSV: `,` (por defecto) o `;`.',
};

/** Responses by status. `message` is always Spanish; `code` is the stable machine-readable one. */
export const STATUS_DESCRIPTIONS: Readonly<Record<string, string>> = {
  200: 'Correcto.',
  201: 'Creado.',
  204: 'Hecho, sin cuerpo.',
  400: 'Datos no válidos (VALIDATION_ERROR): `details` lista cada campo con su mensaje.',
  401: 'Sin sesión, token desconocido o sesión caducada (UNAUTHENTICATED).',
  403: 'Falta el permiso necesario o una regla de delegación lo impide (FORBIDDEN).',
  404: 'No existe (NOT_FOUND).',
  409: 'Conflicto: `version` desfasada (VERSION_CONFLICT) o una regla del dominio (CONFLICT).',
  413: 'El cuerpo es demasiado grande (PAYLOAD_TOO_LARGE).',
  415: 'Tipo de contenido no admitido (UNSUPPORTED_MEDIA_TYPE).',
  429: 'Demasiadas peticiones (RATE_LIMITED) o cuenta bloqueada temporalmente (ACCOUNT_LOCKED): reintente tras los segundos de `Retry-After`.',
  503: 'Servicio no disponible (SERVICE_UNAVAILABLE): la base de datos no responde.',
};

/** The `Retry-After` header of every 429. */
export const RETRY_AFTER_HEADER = {
  description: 'Segundos que hay que esperar antes de reintentar.',
  schema: { type: 'integer', minimum: 1 },
} as const;

/** The groups of operations (each route's `tags`), in the order a client lists them. */
export const TAGS = [
  { name: 'auth', description: 'Inicio y cierre de sesión, registro y la cuenta propia.' },
  {
    name: 'usuarios',
    description: 'Administración de usuarios: lista, alta, edición, roles, CSV.',
  },
  { name: 'roles', description: 'Roles y el catálogo de permisos.' },
  { name: 'grupos', description: 'Grupos: sus miembros reciben sus roles.' },
  {
    name: 'scim',
    description: 'Conexiones de aprovisionamiento SCIM 2.0 (el servicio SCIM está en /scim/v2).',
  },
  { name: 'sesiones', description: 'Las sesiones abiertas del usuario de la sesión.' },
  { name: 'tokens', description: 'Tokens de API personales (Authorization: Bearer gdu_pat_…).' },
  { name: 'auditoria', description: 'El registro de auditoría.' },
  { name: 'configuracion', description: 'Ajustes del registro abierto.' },
  { name: 'eventos', description: 'Eventos, su estado y su CSV.' },
  { name: 'periodos', description: 'Los periodos de un evento.' },
  { name: 'informes', description: 'Informes guardados y su resultado.' },
  {
    name: 'filtrado',
    description: 'El constructor de filtros sobre eventos, periodos y usuarios.',
  },
  { name: 'salud', description: 'Vivacidad y disponibilidad, para balanceadores y orquestadores.' },
] as const;
