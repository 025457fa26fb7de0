import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ADMIN_ROLE, ROLES_READ_PERMISSIONS, type UsuarioDetalle } from '@gestion/shared';
import { useAnyPermission } from '@gestion/shared/react';
import { useAdminTexts } from '../../../i18n/namespace';
import { Section } from '../../cuenta/components/Section';
import { useListPermisosQuery, type PermisoItem } from '../../roles/api';
import { permissionDescription, permissionGroupName } from '../../roles/permission-texts';

/**
 * Groups the permissions `roles` give (role nombre → its permission ids) by resource, each once,
 * in catalogue order (unknown ids last, by id). Pure, for the page and its test.
 */
export function grantedPermissions(
  roles: readonly string[],
  permisosOf: ReadonlyMap<string, readonly string[]>,
  catalogue: readonly PermisoItem[],
): [string, PermisoItem[]][] {
  const held = new Set(roles.flatMap((r) => permisosOf.get(r) ?? []));
  const known = catalogue.filter((p) => held.has(p.nombre));
  const unknown = [...held]
    .filter((n) => !catalogue.some((p) => p.nombre === n))
    .sort()
    .map((nombre) => ({ nombre, descripcion: nombre, grupo: nombre.split(':')[0] ?? nombre }));
  const groups = new Map<string, PermisoItem[]>();
  for (const p of [...known, ...unknown]) groups.set(p.grupo, [...(groups.get(p.grupo) ?? []), p]);
  return [...groups];
}

/**
 * The user's roles as chips — all of them, wrapping — and the permissions those roles give,
 * grouped by resource and without repeats, in the reader's language. `admin` gives every
 * permission (DESIGN.md §8) and says so. The permissions of a role are read from the roles
 * catalogue (`permisosOf`, useDelegation), which needs one of ROLES_READ_PERMISSIONS: without it
 * the page says why it cannot list them rather than show an empty list.
 */
export function UsuarioRolesPermisos({
  usuario,
  permisosOf,
}: {
  usuario: UsuarioDetalle;
  permisosOf: ReadonlyMap<string, readonly string[]>;
}) {
  const { t } = useAdminTexts();
  const canSeeRoles = useAnyPermission(ROLES_READ_PERMISSIONS);
  const catalogue = useListPermisosQuery(undefined, { skip: !canSeeRoles });
  const isAdmin = usuario.roles.includes(ADMIN_ROLE);
  const groups = grantedPermissions(usuario.roles, permisosOf, catalogue.data ?? []);

  let permisos: React.ReactNode;
  if (isAdmin) permisos = <Alert severity="info">{t('usuarioDetalle.allPermissions')}</Alert>;
  else if (!canSeeRoles)
    permisos = <Alert severity="info">{t('usuarioDetalle.permissionsHidden')}</Alert>;
  else if (groups.length === 0)
    permisos = (
      <Typography variant="body2" color="text.secondary">
        {t('usuarioDetalle.noPermissions')}
      </Typography>
    );
  else
    permisos = (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {groups.map(([grupo, items]) => (
          <Box key={grupo} component="section" aria-labelledby={`permisos-${grupo}`}>
            <Typography id={`permisos-${grupo}`} variant="subtitle2" component="h3">
              {permissionGroupName(grupo, t)}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {items.map((p) => (
                <Typography
                  key={p.nombre}
                  component="li"
                  variant="body2"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {permissionDescription(p.nombre, p.descripcion, t)}{' '}
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    ({p.nombre})
                  </Box>
                </Typography>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    );

  return (
    <>
      <Section title={t('usuarioDetalle.roles')}>
        {usuario.roles.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('usuarios.noRoles')}
          </Typography>
        ) : (
          <Stack
            component="ul"
            direction="row"
            useFlexGap
            aria-label={t('usuarioDetalle.rolesOf', { nombre: usuario.nombre })}
            sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
          >
            {usuario.roles.map((r) => (
              <li key={r}>
                <Chip label={r} color={r === ADMIN_ROLE ? 'primary' : 'default'} />
              </li>
            ))}
          </Stack>
        )}
      </Section>
      <Section title={t('usuarioDetalle.permisos')}>{permisos}</Section>
    </>
  );
}
