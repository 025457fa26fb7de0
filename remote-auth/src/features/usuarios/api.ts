/**
 * `/api/usuarios` (issue 4): the server-side list (q, rol, activo, sort, page, pageSize), create,
 * edit with `version` (409 when stale), delete, roles, session revoke and CSV import. Export is a
 * plain download (`export.ts`), not a cached query.
 */
import { baseApi } from '@gestion/shared/react';
import { cleanParams, type Page } from '../../lib/list';

/** A row of the users list (DESIGN.md §3). Times are ISO 8601 strings. */
export interface UsuarioItem {
  id: number;
  email: string;
  nombre: string;
  activo: boolean;
  roles: string[];
  creadoEn: string;
  ultimoAcceso: string | null;
  version: number;
}

/** The filters and paging of the list; `page` counts from 1, `sort` is `campo` or `-campo`. */
export interface UsuariosQuery {
  q?: string;
  rol?: string;
  activo?: boolean;
  sort?: string;
  page: number;
  pageSize: number;
}

export interface CreateUsuarioInput {
  email: string;
  nombre: string;
  password?: string;
  roles?: string[];
}

/**
 * 201 of POST /api/usuarios: the stored user, and — only when no password was sent — the
 * one-time password the api generated, shown once.
 */
export type CreateUsuarioResult = UsuarioItem & { password?: string; passwordTemporal?: string };

export interface UpdateUsuarioInput {
  id: number;
  version: number;
  nombre?: string;
  email?: string;
  activo?: boolean;
}

/** 200 of DELETE /api/usuarios/:id: a user who owns data is deactivated instead, and it says so. */
export interface DeleteUsuarioResult {
  message?: string;
  desactivado?: boolean;
}

/** One row of an import report. */
export interface ImportRow {
  /** 1-based line of the CSV (after the header). */
  fila: number;
  email: string;
  nombre?: string;
  roles?: string[];
  resultado: 'creado' | 'actualizado' | 'rechazado';
  /** Why a row is rejected (Spanish). */
  motivo?: string | null;
}

export interface ImportReport {
  filas: ImportRow[];
  creados: number;
  actualizados: number;
  rechazados: number;
}

export const usuariosParams = (q: Partial<UsuariosQuery>) =>
  cleanParams({
    q: q.q?.trim(),
    rol: q.rol,
    activo: q.activo,
    sort: q.sort,
    page: q.page,
    pageSize: q.pageSize,
  });

const LIST = { type: 'Usuario' as const, id: 'LIST' };

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Usuario', 'Rol'] }).injectEndpoints({
  endpoints: (build) => ({
    listUsuarios: build.query<Page<UsuarioItem>, UsuariosQuery>({
      query: (args) => ({ url: '/api/usuarios', params: usuariosParams(args) }),
      providesTags: (res) => [
        LIST,
        ...(res?.items ?? []).map((u) => ({ type: 'Usuario' as const, id: u.id })),
      ],
    }),
    getUsuario: build.query<UsuarioItem, number>({
      query: (id) => `/api/usuarios/${id}`,
      providesTags: (_res, _err, id) => [{ type: 'Usuario', id }],
    }),
    createUsuario: build.mutation<CreateUsuarioResult, CreateUsuarioInput>({
      query: (body) => ({ url: '/api/usuarios', method: 'POST', body }),
      invalidatesTags: [LIST, { type: 'Rol', id: 'LIST' }],
    }),
    updateUsuario: build.mutation<UsuarioItem, UpdateUsuarioInput>({
      query: ({ id, ...body }) => ({ url: `/api/usuarios/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_res, _err, { id }) => [LIST, { type: 'Usuario', id }],
    }),
    deleteUsuario: build.mutation<DeleteUsuarioResult | undefined, number>({
      query: (id) => ({ url: `/api/usuarios/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST, { type: 'Rol', id: 'LIST' }],
    }),
    setUsuarioRoles: build.mutation<UsuarioItem, { id: number; roles: string[] }>({
      query: ({ id, roles }) => ({ url: `/api/usuarios/${id}/roles`, method: 'PUT', body: { roles } }),
      invalidatesTags: (_res, _err, { id }) => [LIST, { type: 'Usuario', id }, { type: 'Rol', id: 'LIST' }],
    }),
    revokeUsuarioSessions: build.mutation<void, number>({
      query: (id) => ({ url: `/api/usuarios/${id}/sessions/revoke`, method: 'POST' }),
    }),
    importUsuarios: build.mutation<ImportReport, { csv: string; dryRun: boolean }>({
      query: ({ csv, dryRun }) => ({
        url: '/api/usuarios/import',
        method: 'POST',
        params: dryRun ? { dryRun: '1' } : undefined,
        body: csv,
        headers: { 'content-type': 'text/csv' },
      }),
      invalidatesTags: (_res, _err, { dryRun }) => (dryRun ? [] : [LIST, { type: 'Rol', id: 'LIST' }]),
    }),
  }),
});

export const {
  useListUsuariosQuery,
  useLazyGetUsuarioQuery,
  useCreateUsuarioMutation,
  useUpdateUsuarioMutation,
  useDeleteUsuarioMutation,
  useSetUsuarioRolesMutation,
  useRevokeUsuarioSessionsMutation,
  useImportUsuariosMutation,
} = api;
