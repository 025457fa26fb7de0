/**
 * The list conventions (`Page<T>`, empty parameters left out) live in the UI kit (issue #14).
 * This module stays only so the pages still importing it from here compile; new code imports
 * `@gestion/ui`.
 */
export { cleanParams, type Page } from '@gestion/ui';
