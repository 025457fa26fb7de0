import { useId, useState } from 'react';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAdminTexts } from '../../../i18n/namespace';

/** How many role chips a row shows before "+N" (the column fits two short nombres). */
export const ROLES_SHOWN = 2;

/**
 * The Roles cell of the users grid (issue #14: a third role was hidden by the column's width):
 * up to ROLES_SHOWN chips, wrapping, then a "+N" chip — a button named "Ver los 5 roles de Ana"
 * — that opens the full list in a popover. `tabIndex` is the grid's for this cell (0 while the
 * cell has the focus), so "+N" is reached with the arrow keys like any cell and opened with
 * Enter or Space; those two keys stay with it rather than reach the grid's handlers.
 */
export function RolesCell({
  nombre,
  roles,
  tabIndex,
}: {
  nombre: string;
  roles: readonly string[];
  tabIndex: 0 | -1;
}) {
  const { t } = useAdminTexts();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  if (roles.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {t('usuarios.noRoles')}
      </Typography>
    );
  const shown = roles.length > ROLES_SHOWN + 1 ? roles.slice(0, ROLES_SHOWN) : roles;
  const hidden = roles.length - shown.length;
  return (
    <Stack
      direction="row"
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5, py: 0.75, minHeight: '100%' }}
    >
      {shown.map((r) => (
        <Chip key={r} label={r} size="small" />
      ))}
      {hidden > 0 && (
        <>
          <Chip
            size="small"
            variant="outlined"
            color="primary"
            label={t('usuarioDetalle.moreRoles', { count: hidden })}
            aria-label={t('usuarioDetalle.moreRolesLabel', { count: roles.length, nombre })}
            aria-haspopup="dialog"
            aria-expanded={anchor !== null}
            aria-controls={anchor ? popoverId : undefined}
            tabIndex={tabIndex}
            onClick={(e) => {
              e.stopPropagation();
              setAnchor(e.currentTarget);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') e.stopPropagation();
            }}
          />
          <Popover
            id={popoverId}
            open={anchor !== null}
            anchorEl={anchor}
            onClose={() => setAnchor(null)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
            // Keys typed in the popover are not the grid's (it would move its cell focus).
            onKeyDown={(e) => e.stopPropagation()}
            slotProps={{
              paper: { role: 'dialog', 'aria-label': t('usuarioDetalle.rolesOf', { nombre }) },
            }}
          >
            <List
              dense
              aria-label={t('usuarioDetalle.rolesOf', { nombre })}
              sx={{ px: 1, maxWidth: 280 }}
            >
              {roles.map((r) => (
                <ListItem key={r} sx={{ px: 0.5 }}>
                  <Chip label={r} size="small" />
                </ListItem>
              ))}
            </List>
          </Popover>
        </>
      )}
    </Stack>
  );
}
