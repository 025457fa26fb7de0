import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { ADMIN_ROLE, paths } from '@gestion/shared';
import { useAdminTexts } from '../../../i18n/namespace';
import { useListRolesQuery } from '../../roles/api';

/**
 * The warning every administrator sees on /configuracion while the `admin` role does not
 * require a second factor (issue #16: an admin may switch it off, with step-up, audited, "and the
 * console then warns every admin"), with a link to the Roles tab. Rendered only for admins (the
 * page checks); nothing while the roles load or when they cannot be read.
 */
export function AdminMfaWarning() {
  const { t } = useAdminTexts();
  const roles = useListRolesQuery();
  const admin = roles.data?.items.find((r) => r.nombre === ADMIN_ROLE);
  if (!admin || admin.mfaObligatorio !== false) return null;
  return (
    <Alert
      severity="warning"
      action={
        <Button
          color="inherit"
          size="small"
          component={RouterLink}
          to={paths.configuracion('roles')}
        >
          {t('seguridad.adminOffAction')}
        </Button>
      }
    >
      {t('seguridad.adminOff')}
    </Alert>
  );
}
