/**
 * "Mis sesiones" (issue #4): the signed-in user's own live sessions, and revoking one or all the
 * others. A user only ever sees or ends their own sessions (another user's id answers 404, so
 * ids of other people's sessions are not even confirmed to exist).
 */
import type { Sesion } from '@gestion/shared';
import { notFound } from '../lib/http-errors';
import { iso } from '../repositories/usuarios-admin-repository';
import type { ServiceDeps, SignedInCaller } from './service-deps';

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/**
 * The device of a session as the api sends it (`Sesion`): the browser and system recognised in
 * the User-Agent (null each when not), and `dispositivo`, the Spanish name composed of them for
 * api clients — `Chrome en Windows`, `Firefox`, `Desconocido`. The console composes its own text
 * from the parts in the reader's language (issue #14).
 */
export function deviceOf(
  userAgent: string | null,
): Pick<Sesion, 'dispositivo' | 'navegador' | 'sistema'> {
  const navegador = (userAgent && BROWSERS.find(([re]) => re.test(userAgent))?.[1]) || null;
  const sistema = (userAgent && SYSTEMS.find(([re]) => re.test(userAgent))?.[1]) || null;
  const nombre =
    navegador && sistema ? `${navegador} en ${sistema}` : (navegador ?? sistema ?? 'Desconocido');
  return { dispositivo: nombre, navegador, sistema };
}

/** A readable device name from a User-Agent: `Chrome en Windows`, `Firefox`, `Desconocido`. */
export function dispositivo(userAgent: string | null): string {
  return deviceOf(userAgent).dispositivo;
}

/** The "Mis sesiones" use cases over one database; each acts on the caller's own sessions. */
export function createSesionesService(
  deps: ServiceDeps & {
    /** Idle expiry, ms: sessions idle longer are dead even if the sweep has not run yet. */
    idleMs: number;
  },
) {
  const { db, now, audit, idleMs } = deps;
  return {
    /** The caller's live sessions, most recently used first; `actual` marks `currentId`. */
    async list(caller: SignedInCaller, currentId: number): Promise<Sesion[]> {
      const usuarioId = caller.user.id;
      const t = now();
      const rows = await db
        .selectFrom('sesiones')
        .select(['id', 'creada_en', 'ultimo_uso', 'expira_en', 'ip', 'user_agent'])
        .where('usuario_id', '=', usuarioId)
        .where('expira_en', '>', t)
        .where('ultimo_uso', '>', t - idleMs)
        .orderBy('ultimo_uso', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        ...deviceOf(r.user_agent),
        userAgent: r.user_agent,
        ip: r.ip,
        creadaEn: iso(r.creada_en),
        ultimoUso: iso(r.ultimo_uso),
        expiraEn: iso(r.expira_en),
        actual: r.id === currentId,
      }));
    },

    /** Ends one of the caller's sessions (the current one too: that is a sign-out). @throws 404. */
    async revoke(caller: SignedInCaller, sesionId: number): Promise<void> {
      const usuarioId = caller.user.id;
      await db.transaction().execute(async (tx) => {
        const res = await tx
          .deleteFrom('sesiones')
          .where('id', '=', sesionId)
          .where('usuario_id', '=', usuarioId)
          .executeTakeFirst();
        if (Number(res.numDeletedRows) !== 1) throw notFound();
        await audit(
          caller,
          { accion: 'sesiones.revocar', objetivoTipo: 'sesion', objetivoId: sesionId },
          tx,
        );
      });
    },

    /** Ends every session of the caller except `currentId`; returns how many. */
    async revokeOthers(caller: SignedInCaller, currentId: number): Promise<number> {
      const usuarioId = caller.user.id;
      return db.transaction().execute(async (tx) => {
        const res = await tx
          .deleteFrom('sesiones')
          .where('usuario_id', '=', usuarioId)
          .where('id', '<>', currentId)
          .executeTakeFirst();
        const n = Number(res.numDeletedRows);
        await audit(
          caller,
          {
            accion: 'sesiones.revocar_otras',
            objetivoTipo: 'usuario',
            objetivoId: usuarioId,
            cambios: { revocadas: n },
          },
          tx,
        );
        return n;
      });
    },
  };
}
