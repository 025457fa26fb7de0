import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  FILTRO_ENTIDADES,
  INFORME_ENTIDAD,
  INFORME_PERMISO_DATOS,
  INFORME_TIPOS,
  hasPermission,
  paths,
  type FiltroEntidad,
  type InformeTipo,
} from '@gestion/shared';
import { useAuth } from '@gestion/shared/react';
import { FormDialog, FormSelectField, trimFields, useServerForm } from '@gestion/ui';
import { useInformesTexts } from '../../../i18n/namespace';
import { useCrearInforme } from '../use-crear-informe';
import { InformeTextFields, useInformeTextRules } from './InformeTextFields';

interface FormValues {
  tipo: InformeTipo;
  entidad: FiltroEntidad;
  nombre: string;
  descripcion: string;
}

const FIELDS = ['tipo', 'nombre', 'descripcion'] as const;

/**
 * "Nuevo informe" (issue #6): a report from a type (`INFORME_TIPOS`), offering only the types
 * and entities whose data the user may read. Counting types need nothing more; a `listado` here lists a whole entity (no conditions) — the dialog points to Filtrado
 * for one that lists only some rows. Opens the new report once saved.
 */
export function NuevoInformeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useInformesTexts();
  const { user } = useAuth();
  const crear = useCrearInforme('nuevo.created', onClose);
  const server = useServerForm<FormValues>({
    defaultValues: { tipo: 'eventos-por-estado', entidad: 'eventos', nombre: '', descripcion: '' },
    fields: FIELDS,
    submit: (values) =>
      crear({
        ...trimFields(values, 'nombre', 'descripcion'),
        tipo: values.tipo,
        ...(values.tipo === 'listado' ? { filtros: { entidad: values.entidad, filtros: [] } } : {}),
      }),
  });
  const {
    control,
    register,
    watch,
    formState: { errors },
  } = server.form;
  const textRules = useInformeTextRules();
  const tipo = watch('tipo');
  // Only what the user may run: a report needs the read permission of its data
  // (INFORME_PERMISO_DATOS; `actividad` reads the audit). The api checks it again.
  const entidades = FILTRO_ENTIDADES.filter((e) => hasPermission(user, INFORME_PERMISO_DATOS[e]));
  const tipos = INFORME_TIPOS.filter(
    (tp) =>
      tp === 'listado' ||
      hasPermission(user, INFORME_PERMISO_DATOS[INFORME_ENTIDAD[tp] ?? 'auditoria']),
  );

  return (
    <FormDialog title={t('nuevo.title')} create server={server} onClose={onClose}>
      <FormSelectField
        control={control}
        name="tipo"
        label={t('nuevo.tipo')}
        options={tipos.map((tp) => ({ value: tp, label: t(`tipos.${tp}`) }))}
      />
      {tipo === 'listado' && (
        <>
          <FormSelectField
            control={control}
            name="entidad"
            label={t('nuevo.entidad')}
            options={entidades.map((e) => ({ value: e, label: t(`entidades.${e}`) }))}
          />
          <Typography variant="body2" color="text.secondary">
            {t('nuevo.listadoAyuda')}{' '}
            <Link component={RouterLink} to={paths.filtrado()} onClick={onClose}>
              {t('nuevo.irAFiltrado')}
            </Link>
          </Typography>
        </>
      )}
      <InformeTextFields
        nombre={register('nombre', textRules.nombre)}
        descripcion={register('descripcion', textRules.descripcion)}
        errors={{ nombre: errors.nombre?.message, descripcion: errors.descripcion?.message }}
      />
    </FormDialog>
  );
}
