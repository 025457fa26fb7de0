/** @gestion/shared/react — hooks and the RTK Query base api for the shell and the remotes. */
export * from './shell-context';
export * from './base-api';
export * from './i18n';
