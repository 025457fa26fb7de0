/**
 * `/api/usuarios` (issue 4): the server-side list (q, rol, activo, sort, page, pageSize), create,
 * edit with `version` (409 when stale), delete, roles, session revoke, bulk actions (issue #13) and
 * CSV import. Export is a plain download (`export.ts`), not a cached query.
 */
import type {
  BulkUsuarios,
  BulkUsuariosResponse,
  CreatedUsuario,
  DeleteUsuarioResponse,
  ImportReport,
  ImportRow,
  Usuario,
} from '@gestion/shared';
import { baseApi } from '@gestion/shared/react/api';
import { cleanParams, resourceRequests, resourceTags, type Page } from '@gestion/ui';

/** A row of the users list (DESIGN.md §3, shared `Usuario`). */
export type UsuarioItem = Usuario;

/** The filters and paging of the list; `page` counts from 1, `sort` is `campo` or `-campo`. */
export interface UsuariosQuery {
  q?: string;
  rol?: string;
  activo?: boolean;
  sort?: string;
  page: number;
  pageSize: number;
}

/**
 * Without `generarPassword` the user is invited by mail (issue #15); with it, a temporary
 * password comes back once as `passwordTemporal` and must be changed at the first sign-in.
 * The console never sends `password`: an admin does not choose another person's (ASVS 6.4.6).
 */
export interface CreateUsuarioInput {
  email: string;
  nombre: string;
  generarPassword?: boolean;
  roles?: string[];
}

export type CreateUsuarioResult = CreatedUsuario;

export interface UpdateUsuarioInput {
  id: number;
  version: number;
  nombre?: string;
  email?: string;
  activo?: boolean;
}

/** DELETE answers 204 (deleted) or 200 `DeleteUsuarioResponse` (deactivated instead). */
export type DeleteUsuarioResult = DeleteUsuarioResponse;
export type { ImportReport, ImportRow };
export type { BulkUsuarios, BulkUsuariosResponse };

export const usuariosParams = (q: Partial<UsuariosQuery>) =>
  cleanParams({
    q: q.q?.trim(),
    rol: q.rol,
    activo: q.activo,
    sort: q.sort,
    page: q.page,
    pageSize: q.pageSize,
  });

const tags = resourceTags('Usuario');
const LIST = tags.list;

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Usuario', 'Rol'] }).injectEndpoints({
  endpoints: (build) => ({
    listUsuarios: build.query<Page<UsuarioItem>, UsuariosQuery>({
      query: (args) => ({ url: '/api/usuarios', params: usuariosParams(args) }),
      providesTags: tags.ofPage,
    }),
    getUsuario: build.query<UsuarioItem, number>({
      query: (id) => `/api/usuarios/${id}`,
      providesTags: (_res, _err, id) => tags.one(id),
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
      query: ({ id, roles }) => ({
        url: `/api/usuarios/${id}/roles`,
        method: 'PUT',
        body: { roles },
      }),
      invalidatesTags: (_res, _err, { id }) => [
        LIST,
        { type: 'Usuario', id },
        { type: 'Rol', id: 'LIST' },
      ],
    }),
    revokeUsuarioSessions: build.mutation<void, number>({
      query: (id) => ({ url: `/api/usuarios/${id}/sessions/revoke`, method: 'POST' }),
    }),
    /** Issue #15: mails the user the same reset link /recuperar sends (202). */
    sendPasswordReset: build.mutation<void, number>({
      query: (id) => ({ url: `/api/usuarios/${id}/password-reset`, method: 'POST' }),
    }),
    /** Issue #15 "Reenviar": a new invitation link, the older one voided (202). */
    resendInvitation: build.mutation<void, number>({
      query: (id) => ({ url: `/api/usuarios/${id}/invitation`, method: 'POST' }),
    }),
    /** Issue #15 "Revocar": the pending invitation's link stops working (204). */
    revokeInvitation: build.mutation<void, number>({
      query: (id) => ({ url: `/api/usuarios/${id}/invitation`, method: 'DELETE' }),
      invalidatesTags: (_res, _err, id) => [
        LIST,
        { type: 'Usuario', id },
        { type: 'Rol', id: 'LIST' },
      ],
    }),
    /**
     * One request for a whole selection (issue #13): the server answers a result per user and
     * never touches the caller, so a selection is never left half-done by a client signed out
     * mid-way. The list and the role counts are refetched whatever the outcome.
     */
    bulkUsuarios: build.mutation<BulkUsuariosResponse, BulkUsuarios>({
      query: (body) => ({ url: '/api/usuarios/bulk', method: 'POST', body }),
      invalidatesTags: [LIST, { type: 'Rol', id: 'LIST' }],
    }),
    importUsuarios: build.mutation<ImportReport, { csv: string; dryRun: boolean }>({
      query: resourceRequests('/api/usuarios').importCsv,
      invalidatesTags: (_res, _err, { dryRun }) =>
        dryRun ? [] : [LIST, { type: 'Rol', id: 'LIST' }],
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
  useSendPasswordResetMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
  useBulkUsuariosMutation,
  useImportUsuariosMutation,
} = api;
