/** Business constants of SPEC §9 and bounds DESIGN.md fixes where the spec is silent. */

/** localStorage key of the auth token (SPEC §3, §9). */
export const AUTH_TOKEN_KEY = 'auth.token';
/** localStorage key of the user's locale preference (SPEC §3). */
export const LOCALE_KEY = 'locale';
/** Supported locales; the first is the default (DESIGN.md §5). */
export const LOCALES = ['es', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** Alert defaults (SPEC §4, §9): type info, 5000 ms; a timeout ≤ 0 never auto-removes. */
export const ALERT_DEFAULT_TYPE = 'info';
export const ALERT_DEFAULT_TIMEOUT_MS = 5000;

/** Toast settings (SPEC §9). */
export const TOASTS = {
  anchor: { vertical: 'top', horizontal: 'right' },
  autoHideMs: 5000,
  maxSnack: 20,
  dragDismissRatio: 0.6,
} as const;

/** A chunk-load error reloads the page at most once within this window (SPEC §9). */
export const RELOAD_GUARD_MS = 10_000;

/** Layouts a route may ask for (SPEC §2). */
export const LAYOUTS = ['auth', 'default', 'mobile'] as const;
export type LayoutName = (typeof LAYOUTS)[number];
export const DEFAULT_LAYOUT: LayoutName = 'default';

/** Password bounds (issue #2; OWASP ASVS 2.1.1/2.1.2: at least 8, allow at least 64). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** RFC 5321 limits an address to 254 characters. */
export const EMAIL_MAX_LENGTH = 254;
export const NOMBRE_MAX_LENGTH = 120;
