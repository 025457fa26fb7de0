import Chip from '@mui/material/Chip';
import { useAdminTexts } from '../../../i18n/namespace';

/**
 * A user's state as a chip: "Invitación pendiente" (issue #15: invited, no password yet, cannot
 * sign in), "Activo" or "Inactivo". One component for the Usuarios list and the user page, so
 * both word and colour it alike.
 *
 * The pending chip is filled warning with black text: MUI's outlined warning chip (warning.main
 * #ed6c02 text on white) measured 3.11:1, under WCAG 2.2 AA's 4.5:1 for normal text (axe,
 * e2e/test/accessibility.test.ts); black on #ed6c02 is 6.7:1, and on dark mode's #ffa726 more.
 */
export function EstadoUsuarioChip({
  usuario,
}: {
  usuario: { activo: boolean; invitacionPendiente?: boolean };
}) {
  const { t } = useAdminTexts();
  if (usuario.invitacionPendiente) {
    return (
      <Chip
        size="small"
        label={t('usuarios.invitacionPendiente')}
        sx={{ bgcolor: 'warning.main', color: 'common.black' }}
      />
    );
  }
  return (
    <Chip
      size="small"
      color={usuario.activo ? 'success' : 'default'}
      label={usuario.activo ? t('usuarios.active') : t('usuarios.inactive')}
    />
  );
}
