import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Link as RouterLink, useLocation, useMatch } from 'react-router-dom';
import { ROLES_READ_PERMISSIONS, paths, type UsuarioDetalle } from '@gestion/shared';
import {
  useAnyPermission,
  useDocumentTitle,
  useNotify,
  usePermission,
} from '@gestion/shared/react';
import { ErrorAlert, readApiError, useUiTexts } from '@gestion/ui';
import { PageLoading } from '../../../components/PageLoading';
import { useAdminTexts } from '../../../i18n/namespace';
import { useListRolesQuery } from '../../roles/api';
import { useDelegation, useRefusalText } from '../../roles/use-delegation';
import { useResendInvitationMutation } from '../../usuarios/api';
import { AssignRolesDialog } from '../../usuarios/components/AssignRolesDialog';
import {
  UsuarioActionDialog,
  type PendingAction,
} from '../../usuarios/components/UsuarioActionDialog';
import { UsuarioFormDialog } from '../../usuarios/components/UsuarioFormDialog';
import { UsuarioRowMenu, type RowAction } from '../../usuarios/components/UsuarioRowMenu';
import { listSearchOf } from '../list-link';
import { useGetUsuarioDetalleQuery } from '../api';
import { UsuarioAuditoria } from './UsuarioAuditoria';
import { UsuarioMfa } from './UsuarioMfa';
import { UsuarioPerfil } from './UsuarioPerfil';
import { UsuarioRolesPermisos } from './UsuarioRolesPermisos';
import { UsuarioGrupos } from '../../grupos/components/UsuarioGrupos';
import { UsuarioSesiones } from './UsuarioSesiones';
import UsuarioTokens from '../../tokens/components/UsuarioTokens';

/** Largest id the api accepts (PostgreSQL `integer`); anything else is "not found" at once. */
const ID_MAX = 2_147_483_647;

/**
 * /configuracion/usuarios/:id (issue #14), mounted by ConfiguracionPage inside its
 * `/configuracion/*` route as its own lazy chunk: one user's profile, roles and the permissions
 * they give, sessions, and the audit trail by and about them, with the actions of the Usuarios
 * list (its menu and dialogs, the same permission and delegation rules: disabled with the
 * reason). Loading shows skeletons; an unknown id "Usuario no encontrado"; a failed load its
 * error with "Reintentar". The back link returns to the list with the search it came from
 * (router state `lista`, set by the list's name link).
 */
export default function UsuarioDetallePage() {
  const { t, ready: ownReady } = useAdminTexts();
  const kit = useUiTexts();
  const ready = ownReady && kit.ready;
  const location = useLocation();
  const match = useMatch('/configuracion/usuarios/:id');
  const raw = match?.params.id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  const valid = id >= 1 && id <= ID_MAX;
  const canEdit = usePermission('usuarios:editar');
  const canDelete = usePermission('usuarios:eliminar');
  const canSeeAudit = usePermission('auditoria:ver');
  const canSeeRoles = useAnyPermission(ROLES_READ_PERMISSIONS);
  const delegation = useDelegation();
  const refusalText = useRefusalText();
  const notify = useNotify();
  const query = useGetUsuarioDetalleQuery(id, { skip: !valid });
  const roles = useListRolesQuery(undefined, { skip: !canSeeRoles });
  const roleNames = (roles.data?.items ?? []).map((r) => r.nombre);
  const [resendInvitation] = useResendInvitationMutation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  // Bumped after an action that may end sessions (deactivate, revoke all): the list reloads.
  const [sessionsKey, setSessionsKey] = useState(0);

  const notFound = !valid || readApiError(query.error, '').status === 404;
  const usuario: UsuarioDetalle | undefined = notFound ? undefined : query.data;
  useDocumentTitle(
    !ready
      ? undefined
      : usuario
        ? t('usuarioDetalle.title', { nombre: usuario.nombre })
        : notFound
          ? t('usuarioDetalle.notFoundTitle')
          : undefined,
  );
  if (!ready) return <PageLoading />;

  const back = (
    <Link
      component={RouterLink}
      to={`${paths.configuracion('usuarios')}${listSearchOf(location.state)}`}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden />
      {t('usuarioDetalle.back')}
    </Link>
  );

  if (notFound)
    return (
      <Stack spacing={2}>
        {back}
        <Typography variant="h4" component="h1">
          {t('usuarioDetalle.notFoundTitle')}
        </Typography>
        <Typography>{t('usuarioDetalle.notFoundMessage')}</Typography>
      </Stack>
    );
  if (query.isError)
    return (
      <Stack spacing={2}>
        {back}
        <ErrorAlert onRetry={() => void query.refetch()}>
          {readApiError(query.error, t('usuarioDetalle.loadError')).message}
        </ErrorAlert>
      </Stack>
    );
  if (!usuario)
    return (
      <Stack spacing={3} aria-busy="true" aria-label={t('usuarioDetalle.loading')}>
        {back}
        <Skeleton variant="text" width="40%" sx={{ fontSize: '2.125rem' }} />
        <Skeleton variant="rounded" height={200} />
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    );

  const onAction = (action: RowAction, user: UsuarioDetalle) => {
    setMenu(null);
    if (action === 'edit') setEditing(true);
    else if (action === 'assign') setAssigning(true);
    else if (action === 'resendInvitation') void onResend(user);
    else setPending({ kind: action, user });
  };
  const onResend = async (user: UsuarioDetalle) => {
    try {
      await resendInvitation(user.id).unwrap();
      notify(t('usuarios.invitationResent', { email: user.email }), { type: 'success' });
    } catch (error) {
      notify(readApiError(error, t('usuarios.actionError')).message, { type: 'error' });
    }
  };
  const sessionsRefusal = delegation.actOn(usuario, 'revocarSesiones');
  const mfaRefusal = delegation.actOn(usuario, 'restablecerCredenciales');

  return (
    <Stack spacing={3}>
      {back}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 2,
          justifyContent: 'space-between',
        }}
      >
        <Typography variant="h4" component="h1" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {usuario.nombre}
        </Typography>
        {(canEdit || canDelete) && (
          <Button
            variant="outlined"
            endIcon={<ExpandMoreIcon />}
            aria-haspopup="menu"
            aria-expanded={menu !== null}
            aria-label={t('usuarioDetalle.actionsOf', { nombre: usuario.nombre })}
            onClick={(e) => setMenu(e.currentTarget)}
          >
            {t('usuarioDetalle.actions')}
          </Button>
        )}
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' },
        }}
      >
        <UsuarioPerfil usuario={usuario} />
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <UsuarioRolesPermisos usuario={usuario} permisosOf={delegation.permisosOf} />
          <UsuarioGrupos usuarioId={usuario.id} />
        </Stack>
      </Box>

      {canEdit && (
        <UsuarioSesiones
          key={sessionsKey}
          usuario={usuario}
          refusal={sessionsRefusal ? refusalText(sessionsRefusal) : null}
          onRevokeAll={() => setPending({ kind: 'revoke', user: usuario })}
        />
      )}
      {canEdit && (
        // Issue #17: the user's personal API tokens (same permission and rule as the sessions).
        <UsuarioTokens
          key={`tokens-${sessionsKey}`}
          usuario={usuario}
          refusal={sessionsRefusal ? refusalText(sessionsRefusal) : null}
        />
      )}
      {canEdit && (
        <UsuarioMfa
          key={`mfa-${sessionsKey}`}
          usuario={usuario}
          refusal={mfaRefusal ? refusalText(mfaRefusal) : null}
        />
      )}

      {canSeeAudit && (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '1fr 1fr' },
          }}
        >
          <UsuarioAuditoria
            usuarioId={usuario.id}
            kind="by"
            title={t('usuarioDetalle.accionesDe', { nombre: usuario.nombre })}
          />
          <UsuarioAuditoria
            usuarioId={usuario.id}
            kind="about"
            title={t('usuarioDetalle.cambiosEn', { nombre: usuario.nombre })}
          />
        </Box>
      )}

      <UsuarioRowMenu
        anchor={menu}
        user={menu ? usuario : null}
        delegation={delegation}
        onClose={() => setMenu(null)}
        onAction={(action) => onAction(action, usuario)}
      />
      <UsuarioActionDialog
        pending={pending}
        onClose={() => {
          setPending(null);
          // A deleted user answers 404 now (the page says so); the others may have lost sessions.
          void query.refetch();
          setSessionsKey((k) => k + 1);
        }}
      />
      {editing && (
        <UsuarioFormDialog
          user={usuario}
          roleNames={canSeeRoles ? roleNames : []}
          onClose={() => setEditing(false)}
        />
      )}
      {assigning && (
        <AssignRolesDialog
          user={usuario}
          roleNames={roleNames}
          onClose={() => setAssigning(false)}
        />
      )}
    </Stack>
  );
}
