/**
 * @gestion/ui — the frontends' UI kit (issue #14, the counterpart of Keycloak's ui-shared):
 * dialogs, the list page frame, the search field, the one error reader and form-error decision,
 * dates, list parameters, and the kit's own texts. `@gestion/ui/grid` (server DataGrid) and
 * `@gestion/ui/pickers` (date pickers) are separate entries. Bundled into each remote (see
 * README.md); MUI stays the shell's one shared instance.
 */
export * from './api-error';
export * from './api-error-text';
export * from './ConfirmDialog';
export * from './CsvImportDialog';
export * from './dates';
export * from './ErrorAlert';
export * from './file-download';
export * from './FormDialog';
export * from './form-values';
export * from './i18n/namespace';
export * from './list-params';
export * from './ListPage';
export * from './LongTextField';
export * from './PageLoading';
export * from './resource-api';
export * from './SearchField';
export * from './SelectField';
export * from './step-up';
export * from './SimpleTable';
export * from './use-confirm-delete';
export * from './use-debounced-value';
export * from './use-notice-and-close';
export * from './use-server-form';
