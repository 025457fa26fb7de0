import TextField from '@mui/material/TextField';
import { LongTextField } from '@gestion/ui';
import { INFORME_DESCRIPCION_MAX_LENGTH, INFORME_NOMBRE_MAX_LENGTH } from '@gestion/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useInformesTexts } from '../../../i18n/namespace';

/** A report's nombre and descripcion as a form holds them. */
export interface InformeTextValues {
  nombre: string;
  descripcion: string;
}

/** The fields of `InformeTextValues` a server detail may name. */
export const INFORME_TEXT_FIELDS = ['nombre', 'descripcion'] as const;

/**
 * The validation of a report's nombre (required once trimmed) and descripcion, with the
 * contract's length limits and Spanish messages: pass each to the form's `register`.
 */
export function useInformeTextRules() {
  const { t } = useInformesTexts();
  return {
    nombre: {
      validate: (v: string) => v.trim().length > 0 || t('guardar.nombreRequired'),
      maxLength: {
        value: INFORME_NOMBRE_MAX_LENGTH,
        message: t('guardar.tooLong', { max: INFORME_NOMBRE_MAX_LENGTH }),
      },
    },
    descripcion: {
      maxLength: {
        value: INFORME_DESCRIPCION_MAX_LENGTH,
        message: t('guardar.tooLong', { max: INFORME_DESCRIPCION_MAX_LENGTH }),
      },
    },
  };
}

/**
 * The nombre and descripcion fields of a report — shared by "Guardar como informe", "Nuevo
 * informe" and the edit dialog so the three forms cannot drift apart. `nombre`/`descripcion` are
 * the form's registrations (`register('nombre', rules.nombre)`), `errors` their messages.
 */
export function InformeTextFields({
  nombre,
  descripcion,
  errors,
  autoFocus = false,
}: {
  nombre: UseFormRegisterReturn<'nombre'>;
  descripcion: UseFormRegisterReturn<'descripcion'>;
  errors: { nombre?: string | undefined; descripcion?: string | undefined };
  autoFocus?: boolean;
}) {
  const { t } = useInformesTexts();
  return (
    <>
      <TextField
        label={t('guardar.nombre')}
        required
        autoFocus={autoFocus}
        fullWidth
        error={Boolean(errors.nombre)}
        helperText={errors.nombre}
        {...nombre}
      />
      <LongTextField label={t('guardar.descripcion')} error={errors.descripcion} {...descripcion} />
    </>
  );
}
