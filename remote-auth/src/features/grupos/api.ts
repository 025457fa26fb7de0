/**
 * Groups (issue #17): `/api/grupos` (grupos:ver to read, grupos:gestionar to write), their
 * members, and the groups of one user (`?usuarioId=`, the user page). A change of a group's
 * roles or members changes what its members hold, so it refreshes the users list too.
 */
import type {
  CreateGrupo,
  Grupo,
  GruposQuery,
  MiembroGrupo,
  MiembrosGrupo,
  MiembrosQuery,
  UpdateGrupo,
} from '@gestion/shared';
import { baseApi } from '@gestion/shared/react/api';
import { cleanParams, type Page } from '@gestion/ui';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Grupo', 'Usuario'] }).injectEndpoints({
  endpoints: (build) => ({
    listGrupos: build.query<Page<Grupo>, Partial<GruposQuery>>({
      query: (args) => ({ url: '/api/grupos', params: cleanParams({ ...args }) }),
      providesTags: (res) => [
        { type: 'Grupo', id: 'LIST' },
        ...(res?.items ?? []).map((g) => ({ type: 'Grupo' as const, id: g.id })),
      ],
    }),
    listMiembros: build.query<Page<MiembroGrupo>, { id: number } & Partial<MiembrosQuery>>({
      query: ({ id, ...args }) => ({
        url: `/api/grupos/${id}/miembros`,
        params: cleanParams({ ...args }),
      }),
      providesTags: (_res, _err, { id }) => [{ type: 'Grupo', id: `miembros-${id}` }],
    }),
    createGrupo: build.mutation<Grupo, CreateGrupo>({
      query: (body) => ({ url: '/api/grupos', method: 'POST', body }),
      invalidatesTags: [{ type: 'Grupo', id: 'LIST' }],
    }),
    updateGrupo: build.mutation<Grupo, UpdateGrupo & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/api/grupos/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_res, _err, { id }) => [
        { type: 'Grupo', id },
        { type: 'Grupo', id: 'LIST' },
        { type: 'Usuario', id: 'LIST' },
      ],
    }),
    setMiembros: build.mutation<Grupo, MiembrosGrupo & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/api/grupos/${id}/miembros`, method: 'PUT', body }),
      invalidatesTags: (_res, _err, { id }) => [
        { type: 'Grupo', id },
        { type: 'Grupo', id: 'LIST' },
        { type: 'Grupo', id: `miembros-${id}` },
        { type: 'Usuario', id: 'LIST' },
      ],
    }),
    deleteGrupo: build.mutation<void, number>({
      query: (id) => ({ url: `/api/grupos/${id}`, method: 'DELETE' }),
      invalidatesTags: [
        { type: 'Grupo', id: 'LIST' },
        { type: 'Usuario', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useListGruposQuery,
  useListMiembrosQuery,
  useCreateGrupoMutation,
  useUpdateGrupoMutation,
  useSetMiembrosMutation,
  useDeleteGrupoMutation,
} = api;
