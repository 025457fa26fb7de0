import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import {
  ADMIN_ROLE,
  NOMBRE_MAX_LENGTH,
  canWritePermissions,
  hasRole,
  isAdmin as isAdminUser,
  missingPermissions,
} from '@gestion/shared';
import { useAuth, useNotify } from '@gestion/shared/react';
import { useDiscardGuard } from '../../../components/use-discard-guard';
import { useAdminTexts } from '../../../i18n/namespace';
import { apiErrorMessage, applyFieldErrors, isVersionConflict } from '../../../lib/api-error';
import {
  useCreateRoleMutation,
  useListPermisosQuery,
  useUpdateRoleMutation,
  type PermisoItem,
  type RolItem,
} from '../api';
import { useRefusalText } from '../use-delegation';
import { PermisosPicker } from './PermisosPicker';

const DESCRIPCION_MAX = 500;
const FORM_FIELDS = ['nombre', 'descripcion', 'permisos'] as const;

/** The catalogue grouped by resource, in the order the api lists it. */
export function groupPermisos(permisos: readonly PermisoItem[]): [string, PermisoItem[]][] {
  const groups = new Map<string, PermisoItem[]>();
  for (const p of permisos) {
    const group = p.grupo || p.nombre.split(':')[0] || p.nombre;
    groups.set(group, [...(groups.get(group) ?? []), p]);
  }
  return [...groups.entries()];
}

/**
 * Create or edit a role: its name, description and permissions, picked from the catalogue
 * (`GET /api/permisos`) grouped by resource, with one checkbox per permission and a "select all"
 * per resource (indeterminate while only some are ticked). `admin` holds every permission
 * implicitly (SPEC §6) and cannot be renamed, so its editor only changes the description.
 * Issue #13, rule 3: a non-admin cannot tick or untick a permission they do not hold, nor change
 * the permissions of a role they hold themselves; both are disabled and explained.
 */
export function RoleEditorDialog({ role, onClose }: { role: RolItem | null; onClose: () => void }) {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const catalogue = useListPermisosQuery();
  const [createRole, createState] = useCreateRoleMutation();
  const [updateRole, updateState] = useUpdateRoleMutation();
  const [permisos, setPermisos] = useState<Set<string>>(() => new Set(role?.permisos ?? []));
  const [conflict, setConflict] = useState(false);
  const [permisosError, setPermisosError] = useState<string | null>(null);
  const isAdmin = role?.nombre === ADMIN_ROLE;
  const groups = useMemo(() => groupPermisos(catalogue.data ?? []), [catalogue.data]);
  const { register, handleSubmit, setError, formState } = useForm<{ nombre: string; descripcion: string }>({
    defaultValues: { nombre: role?.nombre ?? '', descripcion: role?.descripcion ?? '' },
  });
  const { errors } = formState;
  const initialPermisos = new Set(role?.permisos ?? []);
  const permisosChanged =
    permisos.size !== initialPermisos.size || [...permisos].some((p) => !initialPermisos.has(p));
  const { requestClose, prompt } = useDiscardGuard(formState.isDirty || permisosChanged, onClose);
  const busy = createState.isLoading || updateState.isLoading;
  const { user: actor } = useAuth();
  const refusalText = useRefusalText();
  const actorIsAdmin = isAdminUser(actor);
  const ownRole = !actorIsAdmin && role !== null && hasRole(actor, role.nombre);
  const unheld = useMemo(
    () => new Set(missingPermissions(actor, (catalogue.data ?? []).map((p) => p.nombre))),
    [actor, catalogue.data],
  );
  const locked = (nombre: string) => ownRole || unheld.has(nombre);
  const lockNote = ownRole
    ? t('delegacion.ownRolePermissions', { x: role?.nombre ?? '' })
    : unheld.size > 0
      ? t('roles.unheldNote')
      : null;

  const toggle = (names: string[], on: boolean) => {
    setPermisosError(null);
    setPermisos((cur) => {
      const next = new Set(cur);
      for (const n of names) {
        if (on) next.add(n);
        else next.delete(n);
      }
      return next;
    });
  };

  const onSubmit = handleSubmit(async ({ nombre, descripcion }) => {
    // Catalogue order, so the request is stable whatever order the boxes were ticked in.
    const list = (catalogue.data ?? []).map((p) => p.nombre).filter((n) => permisos.has(n));
    const body = { nombre: nombre.trim(), descripcion: descripcion.trim(), permisos: isAdmin ? [] : list };
    // The boxes already forbid it; this keeps a stale catalogue from sending what the api refuses.
    const refused = isAdmin
      ? null
      : canWritePermissions(actor, role?.nombre ?? body.nombre, role?.permisos ?? [], body.permisos);
    if (refused) {
      notify(refusalText(refused), { type: 'error' });
      return;
    }
    try {
      if (role && isAdmin) {
        // `admin` keeps its name and implicit permissions: only the description may change.
        await updateRole({ id: role.id, version: role.version, descripcion: body.descripcion }).unwrap();
      } else if (role) await updateRole({ id: role.id, version: role.version, ...body }).unwrap();
      else await createRole(body).unwrap();
      notify(role ? t('roles.saved') : t('roles.created'), { type: 'success' });
      onClose();
    } catch (error) {
      if (role && isVersionConflict(error)) {
        setConflict(true);
        return;
      }
      const placed = applyFieldErrors(error, FORM_FIELDS, (field, message) => {
        if (field === 'permisos') setPermisosError(message);
        else setError(field, { message }, { shouldFocus: true });
      });
      if (!placed) notify(apiErrorMessage(error, t('roles.saveError')), { type: 'error' });
    }
  });

  return (
    <>
      <Dialog open onClose={busy ? undefined : requestClose} aria-labelledby="role-editor-title" maxWidth="md" fullWidth>
        <form noValidate onSubmit={(e) => void onSubmit(e)}>
          <DialogTitle id="role-editor-title">
            {role ? t('roles.editTitle', { nombre: role.nombre }) : t('roles.newTitle')}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {conflict && <Alert severity="warning">{t('roles.conflict')}</Alert>}
              <TextField
                {...register('nombre', {
                  required: t('roles.nombreRequired'),
                  maxLength: { value: NOMBRE_MAX_LENGTH, message: t('validation.nombreMax', { max: NOMBRE_MAX_LENGTH }) },
                  pattern: { value: /\S/, message: t('roles.nombreRequired') },
                })}
                label={t('fields.nombre')}
                required
                disabled={isAdmin}
                helperText={errors.nombre?.message ?? (isAdmin ? t('roles.adminLocked') : undefined)}
                error={Boolean(errors.nombre)}
              />
              <TextField
                {...register('descripcion', {
                  maxLength: { value: DESCRIPCION_MAX, message: t('roles.descripcionMax', { max: DESCRIPCION_MAX }) },
                })}
                label={t('roles.descripcion')}
                multiline
                minRows={2}
                error={Boolean(errors.descripcion)}
                helperText={errors.descripcion?.message}
              />
              <Typography variant="subtitle1" component="h3">
                {t('roles.permisos')}
              </Typography>
              {isAdmin ? (
                <Alert severity="info">{t('configuracion.adminNote')}</Alert>
              ) : catalogue.isLoading ? (
                <CircularProgress aria-label={t('common.loading')} />
              ) : catalogue.isError ? (
                <Alert severity="error">{apiErrorMessage(catalogue.error, t('roles.catalogueError'))}</Alert>
              ) : (
                <>
                  {lockNote && (
                    <Alert severity="info" id="role-permisos-lock">
                      {lockNote}
                    </Alert>
                  )}
                  <PermisosPicker
                    groups={groups}
                    selected={permisos}
                    locked={locked}
                    lockNoteId={lockNote ? 'role-permisos-lock' : undefined}
                    onToggle={toggle}
                  />
                  {permisosError && (
                    <Typography color="error" variant="caption" role="alert">
                      {permisosError}
                    </Typography>
                  )}
                </>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={requestClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={busy} disabled={conflict}>
              {role ? t('common.save') : t('roles.create')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {prompt}
    </>
  );
}
