/**
 * @gestion/ui/grid — the server-paged MUI X DataGrid and its state, an entry of its own so
 * packages and pages without a grid never load MUI X.
 */
export * from './ServerDataGrid';
export * from './use-list-state';
export * from './ResourceListPage';
export * from './use-resource-list-page';
export * from './link-column';
