/**
 * @gestion/shared/react — the shell's services (ShellContext and its hooks), translations, the auth
 * actions, the api registry and `useDocumentTitle`, for the shell and the remotes. The RTK Query
 * base api is the separate entry `@gestion/shared/react/api`, so pages that make no RTK Query call
 * (the first visit to /login) never download RTK Query.
 */
export * from './shell-context';
export * from './auth-actions';
export * from './api-registry';
export * from './i18n';
export * from './document-title';
