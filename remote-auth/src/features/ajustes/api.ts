/**
 * `/api/configuracion` (configuracion:gestionar, issue 4): whether visitors may register
 * themselves and the role they get.
 */
import { baseApi } from '@gestion/shared/react/api';

export interface Ajustes {
  registroAbierto: boolean;
  rolPorDefecto: string;
  version: number;
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Ajustes'] }).injectEndpoints({
  endpoints: (build) => ({
    getAjustes: build.query<Ajustes, void>({
      query: () => '/api/configuracion',
      providesTags: ['Ajustes'],
    }),
    updateAjustes: build.mutation<Ajustes, Partial<Omit<Ajustes, 'version'>> & { version: number }>({
      query: (body) => ({ url: '/api/configuracion', method: 'PATCH', body }),
      invalidatesTags: ['Ajustes'],
    }),
  }),
});

export const { useGetAjustesQuery, useUpdateAjustesMutation } = api;
