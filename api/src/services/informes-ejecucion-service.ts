/**
 * Running a saved report (issue #6): GET /api/informes/:id/resultado (a page of rows, the total
 * and the chart) and /resultado.csv (the whole result, streamed). Both load the report (404),
 * then need the read permission of its data (403), then re-check its `filtros` against today's
 * whitelist (400 naming the field), and answer through the report type's runner.
 */
import { INFORME_GRAFICO, type Informe, type InformeResultado } from '@gestion/shared';
import type { Readable } from 'node:stream';
import { csvStream, type CsvSeparator, type CsvValue } from './csv';
import { INFORMES_AUDIT, checkFiltros, getInforme, requireDatos } from './informes-rules';
import { runnerOf, type Fila } from './informes-runners';
import type { Caller, ServiceDeps } from './service-deps';

/** The report-running use cases over one database. */
export function createInformesEjecucionService(deps: ServiceDeps) {
  const { db, audit } = deps;

  /** Loads a report for running or exporting: 404, then 403 without its data's permission. */
  async function loadForRun(id: number, caller: Caller) {
    const informe = await getInforme(db, id);
    requireDatos(caller.user, informe.tipo, informe.filtros);
    // Re-checked: the whitelist may have narrowed since the report was saved (400 names the field).
    const v = checkFiltros(informe.tipo, informe.filtros);
    return { informe, runner: runnerOf(deps, informe.tipo, v) };
  }

  return {
    /**
     * One page of the report's rows, the total and the chart's serie (whole result, at most
     * SERIE_MAX_PUNTOS points). @throws 404, 403, 400 as described above.
     */
    async run(
      id: number,
      page: number,
      pageSize: number,
      caller: Caller,
    ): Promise<InformeResultado> {
      const { informe, runner } = await loadForRun(id, caller);
      const [{ filas, total }, serie] = await Promise.all([
        runner.page(page, pageSize),
        runner.serie(),
      ]);
      return {
        columnas: runner.columnas,
        filas,
        serie,
        grafico: INFORME_GRAFICO[informe.tipo],
        total,
        page,
        pageSize,
      };
    },

    /**
     * The whole result as a CSV stream (header = the columns' titles, `separador` between
     * fields), read in batches as the client consumes it. Audited as `informes.exportar`.
     * Answers the report too (its nombre names the download). @throws 404, 403, 400.
     */
    async export(
      id: number,
      separador: CsvSeparator,
      caller: Caller,
    ): Promise<{ informe: Informe; csv: Readable }> {
      const { informe, runner } = await loadForRun(id, caller);
      await audit(caller, {
        accion: INFORMES_AUDIT.exportar,
        objetivoTipo: 'informe',
        objetivoId: id,
        cambios: { separador },
      });
      const header = runner.columnas.map((c) => c.titulo);
      const csv = csvStream(
        header,
        runner.batches(),
        (fila: Fila): CsvValue[] => runner.columnas.map((c) => fila[c.campo]),
        separador,
      );
      return { informe, csv };
    },
  };
}
