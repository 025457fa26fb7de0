import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import { hasPermission, type PermissionName } from '@gestion/shared';
import { useAuth, usePermission } from '@gestion/shared/react';
import { useInformesTexts } from '../i18n/namespace';

interface PermissionSummaryProps {
  /** The permission the route requires (its `permiso` guard). */
  permission: PermissionName;
  /** What else this area will let the user do, e.g. create or edit. */
  related: readonly PermissionName[];
}

/** i18next uses `:` as its namespace separator, so `informes:crear` becomes `actions.informes.crear`. */
const actionKey = (permission: PermissionName) => `actions.${permission.replace(':', '.')}`;

/**
 * The honest content of an area whose page is not built yet: which permission opens it and which
 * related actions the signed-in user holds. It only informs; the api checks every call.
 */
export function PermissionSummary({ permission, related }: PermissionSummaryProps) {
  const { t } = useInformesTexts();
  const { user } = useAuth();
  const granted = usePermission(permission);
  return (
    <Paper component="section" variant="outlined" sx={{ p: 3 }} aria-labelledby="permisos-heading">
      <Typography id="permisos-heading" variant="h6" component="h2" gutterBottom>
        {t('common.permissionsHeading')}
      </Typography>
      {granted ? (
        <Typography>{t('common.yourPermission', { permission })}</Typography>
      ) : (
        <Alert severity="warning">{t('common.missingPermission', { permission })}</Alert>
      )}
      <List dense aria-label={t('common.relatedHeading')}>
        {related.map((other) => {
          const held = hasPermission(user, other);
          return (
            <ListItem key={other} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                {held ? (
                  <Check color="success" aria-hidden="true" />
                ) : (
                  <Close color="disabled" aria-hidden="true" />
                )}
              </ListItemIcon>
              <ListItemText
                primary={t('common.relatedItem', {
                  action: t(actionKey(other)),
                  answer: held ? t('common.yes') : t('common.no'),
                })}
              />
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
