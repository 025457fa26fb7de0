/**
 * @gestion/shared — contracts used by the api, the shell and every remote. No React here: the
 * React hooks live in `@gestion/shared/react` so the api never pulls React.
 */
export * from './auth/permissions';
export * from './auth/checks';
export * from './auth/delegation';
export * from './contracts/user';
export * from './contracts/auth';
export * from './contracts/ciclo-cuenta';
export * from './contracts/mfa';
export * from './contracts/passkeys';
export * from './errors';
export * from './messages';
export * from './constants';
export * from './routing';
export * from './pages';
export * from './runtime-config';
export * from './api-client/http';
export * from './contracts/listas';
export * from './contracts/usuarios';
export * from './contracts/usuarios-bulk';
export * from './contracts/usuario-detalle';
export * from './contracts/roles';
export * from './contracts/grupos';
export * from './contracts/sso';
export * from './contracts/scim-tokens';
export * from './contracts/sesiones';
export * from './contracts/api-tokens';
export * from './contracts/auditoria';
export * from './contracts/configuracion';
export * from './contracts/eventos';
export * from './contracts/periodos';
export * from './contracts/eventos-import';
export * from './contracts/filtrado';
export * from './contracts/informes';
