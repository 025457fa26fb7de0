/** See lazy-format-number.js: MUI's `buildFormatNumber`, building its Intl.NumberFormat on first use. */
export default function buildFormatNumber(locale: string): (value: number) => string;
