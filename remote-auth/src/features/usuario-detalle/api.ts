/**
 * The user page's calls (issue #14, `/configuracion/usuarios/:id`): the user with
 * `emailVerificado` (`GET /api/usuarios/:id`, usuarios:ver), and an administrator's view of the
 * user's sessions — `GET /api/usuarios/:id/sesiones` and `DELETE
 * /api/usuarios/:id/sesiones/:sesionId` (usuarios:editar and the delegation rules, shared
 * `contracts/usuario-detalle.ts`). The user is cached under the same `Usuario` tag as the users
 * list, so an edit made through the Usuarios dialogs refreshes this page too.
 */
import type { Sesion, SesionesPage, UsuarioDetalle } from '@gestion/shared';
import { baseApi } from '@gestion/shared/react/api';

const api = baseApi
  .enhanceEndpoints({ addTagTypes: ['Usuario', 'UsuarioSesion'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getUsuarioDetalle: build.query<UsuarioDetalle, number>({
        query: (id) => `/api/usuarios/${id}`,
        providesTags: (_res, _err, id) => [{ type: 'Usuario', id }],
      }),
      listUsuarioSesiones: build.query<Sesion[], number>({
        query: (id) => `/api/usuarios/${id}/sesiones`,
        transformResponse: (res: SesionesPage) => res.items,
        providesTags: (_res, _err, id) => [{ type: 'UsuarioSesion', id }],
      }),
      revokeUsuarioSesion: build.mutation<void, { id: number; sesionId: number }>({
        query: ({ id, sesionId }) => ({
          url: `/api/usuarios/${id}/sesiones/${sesionId}`,
          method: 'DELETE',
        }),
        invalidatesTags: (_res, _err, { id }) => [{ type: 'UsuarioSesion', id }],
      }),
    }),
  });

export const {
  useGetUsuarioDetalleQuery,
  useListUsuarioSesionesQuery,
  useRevokeUsuarioSesionMutation,
} = api;
