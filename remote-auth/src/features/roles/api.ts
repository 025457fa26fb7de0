/**
 * Roles and the permission catalogue (issue 4, DESIGN.md §4): `/api/roles` (roles:ver to read,
 * roles:gestionar to write) with user counts, and `/api/permisos`.
 */
import type { DeleteRolQuery, Permiso, PermisosPage, Rol } from '@gestion/shared';
import { baseApi } from '@gestion/shared/react/api';
import { cleanParams, type Page } from '@gestion/ui';

export type RolItem = Rol;
export type PermisoItem = Permiso;

export interface RolInput {
  nombre: string;
  descripcion?: string;
  permisos: string[];
  /** Holders must use a second factor (issue #16). */
  mfaObligatorio?: boolean;
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Rol', 'Usuario', 'Ajustes'] }).injectEndpoints({
  endpoints: (build) => ({
    listRoles: build.query<Page<RolItem>, { q?: string } | void>({
      query: (args) => ({
        url: '/api/roles',
        params: cleanParams({ q: args?.q, page: 1, pageSize: 100, sort: 'nombre' }),
      }),
      providesTags: (res) => [
        { type: 'Rol', id: 'LIST' },
        ...(res?.items ?? []).map((r) => ({ type: 'Rol' as const, id: r.id })),
      ],
    }),
    listPermisos: build.query<PermisoItem[], void>({
      query: () => '/api/permisos',
      transformResponse: (res: PermisosPage) => res.items,
    }),
    createRole: build.mutation<RolItem, RolInput>({
      query: (body) => ({ url: '/api/roles', method: 'POST', body }),
      invalidatesTags: [{ type: 'Rol', id: 'LIST' }],
    }),
    updateRole: build.mutation<RolItem, Partial<RolInput> & { id: number; version: number }>({
      query: ({ id, ...body }) => ({ url: `/api/roles/${id}`, method: 'PATCH', body }),
      // Renaming a role changes how the users list shows it.
      invalidatesTags: (_res, _err, { id }) => [
        { type: 'Rol', id },
        { type: 'Rol', id: 'LIST' },
        { type: 'Usuario', id: 'LIST' },
      ],
    }),
    /**
     * DELETE /api/roles/:id: `reemplazo` for the role's holders, `rolPorDefecto` when it is the
     * default role of self-registration (issue #13: the default never moves silently).
     */
    deleteRole: build.mutation<void, { id: number } & DeleteRolQuery>({
      query: ({ id, reemplazo, rolPorDefecto }) => ({
        url: `/api/roles/${id}`,
        method: 'DELETE',
        params: cleanParams({ reemplazo, rolPorDefecto }),
      }),
      invalidatesTags: [
        { type: 'Rol', id: 'LIST' },
        { type: 'Usuario', id: 'LIST' },
        'Ajustes',
      ],
    }),
  }),
});

export const {
  useListRolesQuery,
  useListPermisosQuery,
  useCreateRoleMutation,
  useUpdateRoleMutation,
  useDeleteRoleMutation,
} = api;
