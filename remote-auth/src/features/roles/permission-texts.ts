/**
 * The permission catalogue in the reader's language (issue #14). GET /api/permisos sends each
 * permission's Spanish `descripcion` and its `grupo` (the resource); the console words both by
 * the permission's id (`usuarios:ver` → `permisosTexto.descripciones.usuarios.ver`) and the
 * group's key (`permisosTexto.grupos.usuarios`) in the administration bundle, and shows the
 * api's own text for an id or group it does not know (a catalogue newer than the console).
 */

/** The `t` of the administration namespace, as far as this module needs it. */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** `recurso:accion` as an i18next key path, or undefined when the id is not of that shape. */
function keyOf(permiso: string): string | undefined {
  return /^[a-z]+:[a-z]+$/.test(permiso) ? permiso.replace(':', '.') : undefined;
}

/** The description of permission `nombre` (`usuarios:ver`); `fallback` (the api's) when unknown. */
export function permissionDescription(nombre: string, fallback: string, t: Translate): string {
  const key = keyOf(nombre);
  return key ? t(`permisosTexto.descripciones.${key}`, { defaultValue: fallback }) : fallback;
}

/** The name of permission group `grupo` (`usuarios` → "Users"); `grupo` itself when unknown. */
export function permissionGroupName(grupo: string, t: Translate): string {
  return /^[a-z]+$/.test(grupo) ? t(`permisosTexto.grupos.${grupo}`, { defaultValue: grupo }) : grupo;
}
