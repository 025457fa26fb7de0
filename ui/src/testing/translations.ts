/**
 * The translation checks every remote runs on its bundles (issue #14): one key listing, so each
 * remote's `translations.test.tsx` compares its Spanish and English bundles the same way.
 */

/**
 * Every leaf key of a translation bundle, as `a.b.c`, sorted, so two bundles' lists compare with
 * `toEqual` and a missing or extra key shows by name in the diff.
 */
export function translationKeys(bundle: object): string[] {
  return leafKeys(bundle, '').sort();
}

function leafKeys(bundle: object, prefix: string): string[] {
  return Object.entries(bundle).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? leafKeys(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}
