/**
 * The confirmation dialog is the UI kit's (issue #14: one API for the three remotes). This module
 * stays only so the pages still importing it from here compile; new code imports `@gestion/ui`.
 */
export { ConfirmDialog, type ConfirmDialogProps } from '@gestion/ui';
