import { lazy, Suspense, type ReactElement } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link, Navigate, Route, Routes, useMatch } from 'react-router-dom';
import { isAdmin, paths, type PermissionName } from '@gestion/shared';
import { useAuth, useDocumentTitle, usePermission } from '@gestion/shared/react';
import { useUiTexts } from '@gestion/ui';
import { PageLoading } from '../../../components/PageLoading';
import { useAdminTexts } from '../../../i18n/namespace';
import { MiCuentaTab } from '../../cuenta/components/MiCuentaTab';
import { UsuariosTab } from '../../usuarios/components/UsuariosTab';
import { RolesTab } from '../../roles/components/RolesTab';
import { GruposTab } from '../../grupos/components/GruposTab';
import { AuditoriaTab } from '../../auditoria/components/AuditoriaTab';
import { AjustesTab } from '../../ajustes/components/AjustesTab';
import { AdminMfaWarning } from '../../seguridad/components/AdminMfaWarning';
import { StepUpBoundary } from '../../seguridad/components/StepUpBoundary';

/** The user page (issue #14): its own chunk, loaded when a user's page is opened. */
const UsuarioDetallePage = lazy(
  () => import('../../usuario-detalle/components/UsuarioDetallePage'),
);

/** The tabs of /configuracion: URL segment ('' = Mi cuenta), permission, content. */
interface TabDef {
  segment: 'usuarios' | 'roles' | 'grupos' | 'auditoria' | 'ajustes' | '';
  labelKey: string;
  permission: PermissionName | null;
  element: ReactElement;
}

const TABS: readonly TabDef[] = [
  { segment: '', labelKey: 'tabs.cuenta', permission: null, element: <MiCuentaTab /> },
  {
    segment: 'usuarios',
    labelKey: 'tabs.usuarios',
    permission: 'usuarios:ver',
    element: <UsuariosTab />,
  },
  { segment: 'roles', labelKey: 'tabs.roles', permission: 'roles:ver', element: <RolesTab /> },
  { segment: 'grupos', labelKey: 'tabs.grupos', permission: 'grupos:ver', element: <GruposTab /> },
  {
    segment: 'auditoria',
    labelKey: 'tabs.auditoria',
    permission: 'auditoria:ver',
    element: <AuditoriaTab />,
  },
  {
    segment: 'ajustes',
    labelKey: 'tabs.ajustes',
    permission: 'configuracion:gestionar',
    element: <AjustesTab />,
  },
];

/**
 * /configuracion (guard `auth`, DESIGN.md §4, §6). One tab per area, each shown only with its
 * permission (Mi cuenta always); each tab is its own URL (`/configuracion/usuarios`, …) so it can
 * be bookmarked. The shell mounts this page on `/configuracion/*`, so the tabs route inside it.
 * Hiding a tab is not security: every endpoint checks the permission itself. Every form below
 * gets step-up (issue #16: `StepUpBoundary`), and an administrator is warned while the admin role
 * does not require a second factor.
 */
export default function ConfiguracionPage() {
  const { t, ready: ownReady } = useAdminTexts();
  // The tabs' dialogs are the UI kit's: its texts arrive with the page's, never a key on screen.
  // Here and not in useAdminTexts, whose module the sign-in page shares (/login's first paint).
  const kit = useUiTexts();
  const ready = ownReady && kit.ready;
  const { user } = useAuth();
  const allowed: Record<string, boolean> = {
    usuarios: usePermission('usuarios:ver'),
    roles: usePermission('roles:ver'),
    grupos: usePermission('grupos:ver'),
    auditoria: usePermission('auditoria:ver'),
    ajustes: usePermission('configuracion:gestionar'),
    '': true,
  };
  const match = useMatch('/configuracion/:tab/*');
  const current = match?.params.tab ?? '';
  const shown = TABS.find((tab) => tab.segment === current && allowed[tab.segment]);
  // A user's page (/configuracion/usuarios/:id, issue #14) is a page of its own, with its own
  // heading and title, not the Usuarios tab: the shell mounts this page on /configuracion/*.
  const detalle = useMatch('/configuracion/usuarios/:id') !== null && allowed.usuarios;
  // The tab's name alone ("Usuarios", issue #14; SPEC §2: just the page's title).
  useDocumentTitle(ready && shown && !detalle ? t(shown.labelKey) : undefined);
  if (!ready || !user) return <PageLoading />;
  if (detalle)
    return (
      <StepUpBoundary>
        <Suspense fallback={<PageLoading />}>
          <UsuarioDetallePage />
        </Suspense>
      </StepUpBoundary>
    );

  const visible = TABS.filter((tab) => allowed[tab.segment]);
  const known = TABS.some((tab) => tab.segment === current);

  return (
    <StepUpBoundary>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          {t('configuracion.heading')}
        </Typography>
        {isAdmin(user) && <AdminMfaWarning />}
        <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Tabs
            value={known && allowed[current] ? current : false}
            variant="scrollable"
            scrollButtons="auto"
            aria-label={t('configuracion.heading')}
          >
            {visible.map((tab) => (
              <Tab
                key={tab.segment}
                value={tab.segment}
                label={t(tab.labelKey)}
                component={Link}
                to={paths.configuracion(tab.segment || undefined)}
              />
            ))}
          </Tabs>
        </Box>
        <Routes>
          {TABS.map((tab) => {
            const element = allowed[tab.segment] ? (
              tab.element
            ) : (
              <Alert severity="warning">{t('configuracion.forbidden')}</Alert>
            );
            return tab.segment ? (
              <Route key={tab.segment} path={tab.segment} element={element} />
            ) : (
              <Route key="cuenta" index element={element} />
            );
          })}
          <Route path="*" element={<Navigate to={paths.configuracion()} replace />} />
        </Routes>
      </Stack>
    </StepUpBoundary>
  );
}
