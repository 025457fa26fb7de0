/**
 * A session's device in the reader's language (issue #14). The api sends the browser and the
 * system it recognised (`navegador`, `sistema`) besides `dispositivo`, its Spanish composition
 * for api clients ("Chrome en Windows"); the console composes its own ("Chrome on Windows").
 */
import type { Sesion } from '@gestion/shared';

/** The `t` of the administration namespace, as far as this module needs it. */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * "Chrome on Windows" / "Chrome en Windows"; only the part recognised when one is missing;
 * `cuenta.unknownDevice` when neither is. An answer without the parts (an api older than issue
 * #14) shows its `dispositivo` as sent.
 */
export function deviceName(
  s: Pick<Sesion, 'dispositivo'> & Partial<Pick<Sesion, 'navegador' | 'sistema'>>,
  t: Translate,
): string {
  if (s.navegador === undefined && s.sistema === undefined) {
    return s.dispositivo || t('cuenta.unknownDevice');
  }
  const { navegador, sistema } = s;
  if (navegador && sistema) return t('dispositivoTexto.navegadorEnSistema', { navegador, sistema });
  return navegador || sistema || t('cuenta.unknownDevice');
}
