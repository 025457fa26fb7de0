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

