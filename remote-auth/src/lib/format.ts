/**
 * Dates are formatted by the UI kit, the same in every area (issue #14). This module stays only
 * so the pages still importing it from here compile; new code imports `@gestion/ui`.
 */
export { useFormatDateTime as useFormatDate } from '@gestion/ui';
