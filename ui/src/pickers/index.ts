/**
 * @gestion/ui/pickers — MUI X date pickers in the reader's language and the dayjs ⇄ ISO
 * conversions, an entry of its own so pages without a picker never load MUI X or dayjs.
 */
export * from './PickersProvider';
export * from './iso';
