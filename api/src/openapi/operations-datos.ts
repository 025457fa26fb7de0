/**
 * The OpenAPI entries of the data areas — /api/eventos with its periodos, /api/informes and
 * /api/filtrado: see operations.ts for what an entry says and why every route needs one.
 */
import type { OperationDoc } from './operations';
import { CSV, LIST, VERSION } from './operation-texts';

export const DATA_OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  // --- /api/eventos -----------------------------------------------------------------------
  'GET /api/eventos': {
    operationId: 'listEventos',
    description: `Lista eventos (permiso eventos:ver). ${LIST}`,
    parameters: {
      q: 'Palabras buscadas en nombre y lugar, sin distinguir mayúsculas ni acentos; todas deben aparecer.',
    },
    responses: { 200: 'Una página de eventos.' },
  },
  'POST /api/eventos': {
    operationId: 'createEvento',
    description:
      'Crea un evento (permiso eventos:crear), en estado `borrador` salvo que se indique otro. `fechaInicio` debe ser anterior a `fechaFin`.',
    responses: { 201: 'El evento creado.' },
  },
  'GET /api/eventos/export': {
    operationId: 'exportEventos',
    description: `Exporta los eventos del filtro como CSV (permiso eventos:ver); mismos filtros y orden que la lista. ${CSV}`,
    parameters: {
      q: 'Palabras buscadas en nombre y lugar, sin distinguir mayúsculas ni acentos; todas deben aparecer.',
    },
    responses: { 200: 'El CSV de eventos.' },
  },
  'POST /api/eventos/import': {
    operationId: 'importEventos',
    description:
      'Importa eventos de un CSV (permiso eventos:crear). Con `dryRun=1` solo devuelve el informe por fila; sin él se crean todas las filas o ninguna.',
    responses: { 200: 'El informe por fila y el resumen.' },
  },
  'GET /api/eventos/{id}': {
    operationId: 'getEvento',
    description: 'Un evento (permiso eventos:ver).',
    responses: { 200: 'El evento.' },
  },
  'PATCH /api/eventos/{id}': {
    operationId: 'updateEvento',
    description: `Edita un evento (permiso eventos:editar). 409 si la transición de estado no está permitida (INVALID_TRANSITION) o si las fechas dejan periodos fuera (EVENT_DATES_EXCLUDE_PERIODS). ${VERSION}`,
    responses: {
      200: 'El evento guardado.',
      409: 'Versión desfasada (VERSION_CONFLICT), transición de estado no permitida (INVALID_TRANSITION) o fechas que dejan periodos fuera (EVENT_DATES_EXCLUDE_PERIODS; `details` nombra cada periodo).',
    },
  },
  'DELETE /api/eventos/{id}': {
    operationId: 'deleteEvento',
    description: 'Elimina un evento y sus periodos (permiso eventos:eliminar).',
    responses: { 204: 'Eliminado con sus periodos.' },
  },
  'GET /api/eventos/{id}/periodos': {
    operationId: 'listPeriodos',
    description: `Los periodos de un evento, por fecha de inicio salvo otro orden (permiso periodos:ver). ${LIST}`,
    parameters: {
      q: 'Palabras buscadas en el nombre del periodo, sin distinguir mayúsculas ni acentos.',
    },
    responses: { 200: 'Una página de periodos.' },
  },
  'POST /api/eventos/{id}/periodos': {
    operationId: 'createPeriodo',
    description:
      'Crea un periodo dentro de las fechas del evento y sin solaparse con otro; tocarse sí se permite (permiso periodos:gestionar).',
    responses: { 201: 'El periodo creado.', 409: 'Se solapa con otro periodo (PERIOD_OVERLAP).' },
  },
  'GET /api/eventos/{id}/periodos/{periodoId}': {
    operationId: 'getPeriodo',
    description: 'Un periodo de un evento (permiso periodos:ver).',
    responses: { 200: 'El periodo.' },
  },
  'PATCH /api/eventos/{id}/periodos/{periodoId}': {
    operationId: 'updatePeriodo',
    description: `Edita un periodo (permiso periodos:gestionar); sigue dentro del evento y sin solapes. ${VERSION}`,
    responses: { 200: 'El periodo guardado.' },
  },
  'DELETE /api/eventos/{id}/periodos/{periodoId}': {
    operationId: 'deletePeriodo',
    description: 'Elimina un periodo (permiso periodos:gestionar).',
    responses: { 204: 'Eliminado.' },
  },

  // --- /api/informes, /api/filtrado -------------------------------------------------------
  'GET /api/informes': {
    operationId: 'listInformes',
    description: `Lista los informes guardados que quien llama puede ejecutar (permiso informes:ver y el de lectura de sus datos). ${LIST}`,
    parameters: { q: 'Texto buscado en el nombre del informe, sin distinguir mayúsculas.' },
    responses: { 200: 'Una página de informes.' },
  },
  'POST /api/informes': {
    operationId: 'createInforme',
    description:
      'Guarda un informe (permiso informes:crear y el permiso de lectura de sus datos). Un `listado` necesita un filtro (`filtros`).',
    responses: { 201: 'El informe guardado.' },
  },
  'GET /api/informes/{id}': {
    operationId: 'getInforme',
    description:
      'Un informe guardado (permiso informes:ver); sin su filtro (`filtros: null`, `filtrosOcultos`) si quien llama no puede leer sus datos.',
    responses: { 200: 'El informe.' },
  },
  'PATCH /api/informes/{id}': {
    operationId: 'updateInforme',
    description: `Edita un informe: solo su autor o un admin (permiso informes:crear y el de lectura de sus datos). ${VERSION}`,
    responses: { 200: 'El informe guardado.' },
  },
  'DELETE /api/informes/{id}': {
    operationId: 'deleteInforme',
    description: 'Elimina un informe: solo su autor o un admin (permiso informes:eliminar).',
    responses: { 204: 'Eliminado.' },
  },
  'GET /api/informes/{id}/resultado': {
    operationId: 'getInformeResultado',
    description:
      'Ejecuta un informe: columnas, una página de filas y la serie del gráfico (permiso informes:ver y el de lectura de sus datos).',
    responses: { 200: 'El resultado: `{columnas, filas, serie, grafico, total, page, pageSize}`.' },
  },
  'GET /api/informes/{id}/resultado.csv': {
    operationId: 'exportInformeResultado',
    description: `Exporta el resultado completo de un informe como CSV (permiso informes:exportar y el de lectura de sus datos). Las celdas que empiezan por =, +, -, @ se neutralizan con un apóstrofo (OWASP). ${CSV}`,
    responses: { 200: 'El CSV del resultado, con los títulos de las columnas como cabecera.' },
  },
  'POST /api/filtrado': {
    operationId: 'filtrar',
    description:
      'Filtra eventos, periodos o usuarios con condiciones (Y) sobre los campos y operadores de una lista blanca (permiso filtrado:usar; usuarios pide además usuarios:ver). Un error nombra la entidad, el campo, el operador o el valor en `message` y en `details[].field` (p. ej. `filtros[2].operador`).',
    responses: { 200: 'Una página de elementos con la forma de la lista de su entidad.' },
  },
};
