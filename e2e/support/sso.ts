/**
 * The single sign-on provider the browser sweeps create (issue #18): `oidc`, the real test
 * provider of api/test/support/oidc-provider.ts (the api checks its discovery on save), for the
 * domain acme.test, with one group line (`ventas` → `gestor`) so the provider's editor opens with
 * a mapping row.
 */
import type { OidcTestProvider } from '../../api/test/support/oidc-provider';

/** The body of `POST /api/sso/proveedores` for `oidc`, named `nombre`. */
export function ssoProviderBody(oidc: OidcTestProvider, nombre: string) {
  return {
    nombre,
    issuer: oidc.issuer,
    clientId: oidc.clientId,
    clientSecret: oidc.clientSecret,
    dominios: ['acme.test'],
    mapeoGrupos: [{ grupo: 'ventas', rol: 'gestor' }],
  };
}
