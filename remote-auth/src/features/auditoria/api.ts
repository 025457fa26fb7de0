/**
 * `/api/auditoria` (auditoria:ver, issue 4): every write and auth event, filterable by actor,
 * action, target and dates, paged.
 */
import type { AuditoriaEntry } from '@gestion/shared';
import { baseApi } from '@gestion/shared/react/api';
import { cleanParams, type Page } from '@gestion/ui';

/**
 * One audit entry (shared `AuditoriaEntry`). `cambios` is `{antes?: {campo: valor}, despues?:
 * {campo: valor}}` for writes, or an event's own small object.
 */
export type AuditoriaItem = AuditoriaEntry;

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
