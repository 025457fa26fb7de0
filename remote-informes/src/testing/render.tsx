/**
 * Renders a page of this remote the way the shell mounts it (the shared test kit's `renderPage`),
 * with this package's translations on the shared i18next instance (Spanish, the default locale).
 */
import type { User } from '@gestion/shared';
import { initTestI18n, makeUser } from '@gestion/shared/testing';
import { initUiTestI18n } from '@gestion/ui/testing';
import { NAMESPACE } from '../i18n/namespace';
import en from '../i18n/en.json';
import es from '../i18n/es.json';

initTestI18n(NAMESPACE, { es, en });
initUiTestI18n();

export { makeUser, renderPage, signedIn, type FakeShell } from '@gestion/shared/testing';

/**
 * A user of the seeded `gestor` role (eventos, periodos, informes, filtrado; no usuarios): Gema
 * Gestora, id 3, the author of the fixtures' reports (`makeInforme`).
 */
export function makeGestor(): User {
  return makeUser({
    id: 3,
    nombre: 'Gema Gestora',
    roles: [
      {
        nombre: 'gestor',
        permisos: [
          'eventos:ver',
          'eventos:crear',
          'eventos:editar',
          'eventos:eliminar',
          'periodos:ver',
          'periodos:gestionar',
          'informes:ver',
          'informes:crear',
          'informes:eliminar',
          'informes:exportar',
          'filtrado:usar',
        ].map((nombre) => ({ nombre })),
      },
    ],
  });
}

/** A user who may use the filter but not save reports (`filtrado:usar` only). */
export function makeFiltrador(): User {
  return makeUser({
    roles: [{ nombre: 'analista', permisos: [{ nombre: 'filtrado:usar' }] }],
  });
}
