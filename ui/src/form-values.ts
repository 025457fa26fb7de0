/**
 * What a form dialog does to its values before sending them (issue #14: every create/edit
 * dialog of eventos and informes wrote `nombre: values.nombre.trim()` field by field).
 */

/**
 * The text fields `names` of `values`, each trimmed: what the api receives, so a name typed with
 * a stray space is stored (and compared for uniqueness) without it. Other fields are left out;
 * the caller adds them converted (dates to ISO, …).
 * @example const body = { ...trimFields(values, 'nombre', 'descripcion'), fechaInicio: toIso(…) };
 */
export function trimFields<T extends Readonly<Record<K, string>>, K extends string>(
  values: T,
  ...names: K[]
): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, values[name].trim()])) as Record<K, string>;
}
