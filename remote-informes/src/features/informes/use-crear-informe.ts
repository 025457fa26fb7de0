import { paths, type InformeCreate } from '@gestion/shared';
import { useNavigateTo } from '@gestion/shared/react';
import { useNoticeAndClose } from '@gestion/ui';
import { useInformesTexts } from '../../i18n/namespace';
import { useCreateInformeMutation } from './api';

/**
 * Saving a new report the way both "Nuevo informe" and "Guardar como informe" do: create it,
 * say so naming it (`createdKey`, with `{{nombre}}`), close the dialog and open the report.
 * Failures are thrown to the dialog's `useServerForm`.
 */
export function useCrearInforme(createdKey: string, onClose: () => void) {
  const { t } = useInformesTexts();
  const savedAndClose = useNoticeAndClose(onClose);
  const navigateTo = useNavigateTo();
  const [createInforme] = useCreateInformeMutation();
  return async (body: InformeCreate) => {
    const informe = await createInforme(body).unwrap();
    savedAndClose(t(createdKey, { nombre: informe.nombre, interpolation: { escapeValue: false } }));
    navigateTo(paths.informe(informe.id));
  };
}
