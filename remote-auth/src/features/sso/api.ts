/**
 * Single sign-on providers (issue #18): `/api/sso/proveedores` (configuracion:gestionar), the
 * Ajustes › Inicio de sesión único section. Typed from the shared contract (`sso.ts`), so `tsc`
 * catches a field the api renames. The client secret is write-only: the answers carry
 * `clientSecretConfigurado` only, and a PATCH without `clientSecret` keeps the stored one.
 */
import type {
  CreateProveedorSso,
  ProveedorSso,
  ProveedoresSsoPage,
  UpdateProveedorSso,
} from '@gestion/shared';
import { baseApi } from '@gestion/shared/react/api';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['ProveedorSso'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Every provider (the api's page size 100 holds them all: a handful per organisation). */
    listProveedoresSso: build.query<ProveedoresSsoPage, void>({
      query: () => ({ url: '/api/sso/proveedores', params: { page: 1, pageSize: 100 } }),
      providesTags: ['ProveedorSso'],
    }),
    createProveedorSso: build.mutation<ProveedorSso, CreateProveedorSso>({
      query: (body) => ({ url: '/api/sso/proveedores', method: 'POST', body }),
      invalidatesTags: ['ProveedorSso'],
    }),
    updateProveedorSso: build.mutation<ProveedorSso, UpdateProveedorSso & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/api/sso/proveedores/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['ProveedorSso'],
    }),
    deleteProveedorSso: build.mutation<void, number>({
      query: (id) => ({ url: `/api/sso/proveedores/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ProveedorSso'],
    }),
  }),
});

export const {
  useListProveedoresSsoQuery,
  useCreateProveedorSsoMutation,
  useUpdateProveedorSsoMutation,
  useDeleteProveedorSsoMutation,
} = api;
