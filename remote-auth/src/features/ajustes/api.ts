/**
 * `/api/configuracion` (configuracion:gestionar, issues 4 and 13): whether visitors may register
 * themselves, the role they get and the e-mail domains allowed to. Typed from the shared
 * contract, so `tsc` catches a field the api renames (STYLE.md).
 */
import type {
  AcceptedMessage,
  Configuracion,
  CorreoEstado,
  CorreoPruebaRequest,
  UpdateConfiguracion,
} from '@gestion/shared';
import { baseApi } from '@gestion/shared/react/api';

/** The settings as GET and PATCH /api/configuracion answer them. */
export type Ajustes = Configuracion;

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Ajustes', 'Correo'] }).injectEndpoints({
  endpoints: (build) => ({
    getAjustes: build.query<Ajustes, void>({
      query: () => '/api/configuracion',
      providesTags: ['Ajustes'],
    }),
    updateAjustes: build.mutation<Ajustes, UpdateConfiguracion>({
      query: (body) => ({ url: '/api/configuracion', method: 'PATCH', body }),
      invalidatesTags: ['Ajustes'],
    }),
    /** Issue #15, Ajustes › Correo: the transport, the sender and the 50 latest deliveries. */
    getCorreo: build.query<CorreoEstado, void>({
      query: () => '/api/configuracion/correo',
      providesTags: ['Correo'],
    }),
    /** A test mail through the outbox (202); its row then shows whether it left. */
    sendCorreoPrueba: build.mutation<AcceptedMessage, CorreoPruebaRequest>({
      query: (body) => ({ url: '/api/configuracion/correo/prueba', method: 'POST', body }),
      invalidatesTags: ['Correo'],
    }),
  }),
});

export const {
  useGetAjustesQuery,
  useUpdateAjustesMutation,
  useGetCorreoQuery,
  useSendCorreoPruebaMutation,
} = api;
