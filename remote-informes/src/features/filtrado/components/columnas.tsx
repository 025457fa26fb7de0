import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { findFiltroCampo, type FiltroEntidad } from '@gestion/shared';
import { formatDateTime } from '@gestion/ui';

type Fila = Record<string, unknown>;

/**
 * The columns of the results, per entity: the fields a person scans a list by. Items come in
 * the entity's own list shape (`Evento`, `Periodo`, `Usuario`; `contracts/filtrado.ts`), so
 * `roles` (the users' role names) is a column though the filter field is `rol`.
 */
export const COLUMNAS_RESULTADO: Readonly<Record<FiltroEntidad, readonly string[]>> = {
  eventos: ['nombre', 'lugar', 'estado', 'fechaInicio', 'fechaFin'],
  periodos: ['nombre', 'eventoId', 'fechaInicio', 'fechaFin'],
  usuarios: ['nombre', 'email', 'activo', 'roles', 'creadoEn', 'ultimoAcceso'],
};

/**
 * Grid columns of `entidad`'s results: headers from the whitelist's labels, dates in the user's
 * locale and zone, enum values and booleans translated; only the whitelist's sortable fields sort
 * (the api refuses any other `sort`).
 */
export function columnasDe(
  entidad: FiltroEntidad,
  t: TFunction,
  locale: string,
): GridColDef<Fila>[] {
  return COLUMNAS_RESULTADO[entidad].map((nombre) => {
    const campo = findFiltroCampo(entidad, nombre);
    const base: GridColDef<Fila> = {
      field: nombre,
      headerName: campo ? t(`campos.${entidad}.${nombre}`, campo.etiqueta) : t('filtrado.roles'),
      flex: nombre === 'nombre' || nombre === 'email' ? 2 : 1,
      minWidth: campo?.tipo === 'fecha' ? 170 : 120,
      sortable: Boolean(campo) && campo?.ordenable !== false,
    };
    switch (campo?.tipo) {
      case 'fecha':
        return { ...base, valueFormatter: (value: string | null) => formatDateTime(value, locale) };
      case 'booleano':
        return {
          ...base,
          valueFormatter: (value: boolean) => (value ? t('common.yes') : t('common.no')),
        };
      case 'enum':
        return { ...base, valueFormatter: (value: string) => t(`valores.${value}`, value) };
      default:
        return campo
          ? base
          : {
              ...base,
              valueFormatter: (value: unknown) =>
                Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '',
            };
    }
  });
}
