/**
 * The events contract as this remote uses it: everything comes from
 * `shared/src/contracts/eventos.ts` (the api validates with the same schemas); this module only
 * names the few shapes the pages share.
 */
export {
  EVENTO_ESTADOS as ESTADOS,
  canTransition,
  type EventoEstado as EstadoEvento,
  type Evento,
  type Periodo,
} from '@gestion/shared';

/** One page of a list: `{items, total, page, pageSize}` (page is 1-based). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
