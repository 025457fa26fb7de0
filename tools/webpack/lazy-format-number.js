/**
 * Stands in for `@mui/material/locale/utils/buildFormatNumber` in every build (create-config.cjs,
 * NormalModuleReplacementPlugin). An ES module like the file it replaces (webpack keeps the
 * replaced file's module type); `.js` so Jest's TypeScript transform also takes it. Same contract as MUI's: `buildFormatNumber(locale)` returns
 * `(value: number) => string`, the number formatted for `locale` by `Intl.NumberFormat`, or
 * `String(value)` for a non-finite value or where Intl is missing or refuses the locale.
 *
 * Why: every MUI locale module calls `buildFormatNumber('<locale>')` when it is evaluated, and
 * MUI's version builds the `Intl.NumberFormat` right there. The shell's theme imports `esES`, so
 * that construction (ICU data for the locale; the largest single cost of the shell's startup
 * task in a Chromium CPU profile at 4× throttling, about 94 ms) ran before the first render of
 * every page. Here it is built on the first number formatted (pagination labels), or never.
 * @param {string} locale BCP 47 tag, e.g. 'es-ES'
 * @returns {(value: number) => string}
 */
export default function buildFormatNumber(locale) {
  /** @type {Intl.NumberFormat | null | undefined} undefined until first used, null if unavailable */
  let formatter;
  return (value) => {
    if (!Number.isFinite(value)) return String(value);
    if (formatter === undefined) {
      formatter = null;
      if (typeof Intl !== 'undefined' && Intl.NumberFormat) {
        try {
          formatter = new Intl.NumberFormat(locale);
        } catch {
          // fallback to String(), as MUI's
        }
      }
    }
    return formatter ? formatter.format(value) : String(value);
  };
}
