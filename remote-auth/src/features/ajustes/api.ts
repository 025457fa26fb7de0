/**
 * `/api/configuracion` (configuracion:gestionar, issues 4 and 13): whether visitors may register
 * themselves, the role they get and the e-mail domains allowed to. Typed from the shared
 * contract, so `tsc` catches a field the api renames (STYLE.md).
 */
import type { Configuracion, UpdateConfiguracion } from '@gestion/shared';
import { baseApi } from '@gestion/shared/react/api';

/** The settings as GET and PATCH /api/configuracion answer them. */
export type Ajustes = Configuracion;

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Ajustes'] }).injectEndpoints({
  endpoints: (build) => ({
    getAjustes: build.query<Ajustes, void>({
      query: () => '/api/configuracion',
      providesTags: ['Ajustes'],
    }),
    updateAjustes: build.mutation<Ajustes, UpdateConfiguracion>({
      query: (body) => ({ url: '/api/configuracion', method: 'PATCH', body }),
      invalidatesTags: ['Ajustes'],
    }),
  }),
});

export const { useGetAjustesQuery, useUpdateAjustesMutation } = api;
