/**
 * The migrations, in code (an object of named migrations) so they run the same from `src`
 * under Jest and from `dist` in production. One set for both dialects: the only difference is
 * how an auto-increment id is spelt, handled by `idColumn`.
 */
import type { Migration, MigrationProvider } from 'kysely';
import type { Dialect } from '../types';
import { initial } from './0001-initial';
import { administracion, administracionBusqueda, administracionTotal } from './0002-administracion';
import { eventos, eventosBusqueda } from './0003-eventos';
import { usuariosRendimiento } from './0004-usuarios-rendimiento';
import { informes } from './0005-informes';
import { filtradoIndices } from './0006-filtrado-indices';
import { informesContadores } from './0007-informes-contadores';
import { rolesNombreUnico } from './0008-roles-nombre-unico';
import { correo } from './0009-correo';
import { cicloCuenta } from './0010-ciclo-cuenta';
import { segundoFactor } from './0011-segundo-factor';
import { passkeys } from './0012-passkeys';
import { adminMfaObligatorio } from './0013-admin-mfa-obligatorio';
import { grupos } from './0014-grupos';
import { apiTokens } from './0015-api-tokens';
import { scim } from './0016-scim';
import { sso } from './0017-sso';

/** Defined in `db/types.ts`; re-exported for the modules that still import it from here. */
export type { Dialect };

/** Every migration, keyed by name; names sort in the order they must run. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-initial': initial(dialect),
    '0002-administracion': administracion(dialect),
    '0002-administracion-busqueda': administracionBusqueda(dialect),
    '0002-administracion-total': administracionTotal(dialect),
    '0003-eventos': eventos(dialect),
    '0003-eventos-busqueda': eventosBusqueda(dialect),
    '0004-usuarios-rendimiento': usuariosRendimiento(dialect),
    '0005-informes': informes(dialect),
    '0006-filtrado-indices': filtradoIndices(dialect),
    '0007-informes-contadores': informesContadores(dialect),
    '0008-roles-nombre-unico': rolesNombreUnico(dialect),
    '0009-correo': correo(dialect),
    '0010-ciclo-cuenta': cicloCuenta(dialect),
    '0011-segundo-factor': segundoFactor(dialect),
    '0012-passkeys': passkeys(dialect),
    '0013-admin-mfa-obligatorio': adminMfaObligatorio(dialect),
    '0014-grupos': grupos(dialect),
    '0015-api-tokens': apiTokens(dialect),
    '0016-scim': scim(dialect),
    '0017-sso': sso(dialect),
  };
}

/** A Kysely `MigrationProvider` over `migrations(dialect)`. */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return { getMigrations: () => Promise.resolve(migrations(dialect)) };
}
