/**
 * The debounce hook is the UI kit's (issue #14). This module stays only so the pages still
 * importing it from here compile; new code imports `@gestion/ui`.
 */
export { useDebouncedValue } from '@gestion/ui';
