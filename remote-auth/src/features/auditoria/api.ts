/**
 * `/api/auditoria` (auditoria:ver, issue 4): every write and auth event, filterable by actor,
 * action, target and dates, paged.
 */
import { baseApi } from '@gestion/shared/react';
import { cleanParams, type Page } from '../../lib/list';

/** One changed field: its value before and after the write (null when absent). */
export interface CambioCampo {
  antes: unknown;
  despues: unknown;
}

/** One audit entry. `creadoEn` is ISO 8601. */
export interface AuditoriaItem {
  id: number;
  /** Who did it: their e-mail (null for anonymous events such as a failed sign-in). */
  actor: string | null;
  actorId?: number | null;
  /** `recurso.accion`, e.g. `usuarios.crear`, `auth.login`. */
  accion: string;
  /** What it was done to, e.g. `usuarios:12`. */
  objetivo: string | null;
  cambios: Record<string, CambioCampo> | null;
  ip: string | null;
  creadoEn: string;
}

export interface AuditoriaQuery {
  actor?: string;
  accion?: string;
  objetivo?: string;
  /** Inclusive bounds, `YYYY-MM-DD`. */
  desde?: string;
  hasta?: string;
  page: number;
  pageSize: number;
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Auditoria'] }).injectEndpoints({
  endpoints: (build) => ({
    listAuditoria: build.query<Page<AuditoriaItem>, AuditoriaQuery>({
      query: ({ actor, accion, objetivo, desde, hasta, page, pageSize }) => ({
        url: '/api/auditoria',
        params: cleanParams({ actor, accion, objetivo, desde, hasta, page, pageSize, sort: '-creadoEn' }),
      }),
      providesTags: ['Auditoria'],
    }),
  }),
});

export const { useListAuditoriaQuery } = api;
