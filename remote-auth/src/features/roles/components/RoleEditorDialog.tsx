import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ADMIN_ROLE,
  NOMBRE_MAX_LENGTH,
  canWritePermissions,
  hasRole,
  isAdmin as isAdminUser,
  missingPermissions,
} from '@gestion/shared';
import { useAuth, useNotify } from '@gestion/shared/react';
import { FormDialog, readApiError, useServerForm } from '@gestion/ui';
import { useDiscardGuard } from '../../../components/use-discard-guard';
import { useAdminTexts } from '../../../i18n/namespace';
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
const FORM_FIELDS = ['nombre', 'descripcion', 'permisos', 'mfaObligatorio'] as const;

/** The editor's values; `permisos` in the order they were ticked (sent in catalogue order). */
interface RoleForm {
  nombre: string;
  descripcion: string;
  permisos: string[];
  /** Holders must sign in with a second factor (issue #16). */
  mfaObligatorio: boolean;
}

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
 * the permissions of a role they hold themselves; both are disabled and explained. On the kit's
 * `FormDialog`: server details under their fields (a `permisos` one under the picker), a stale
 * version as the role's conflict warning, the rest above the form; Esc asks before discarding.
 * "Requiere verificación en dos pasos" (issue #16, `mfaObligatorio`) may be changed on any role,
 * `admin` included; switching it off where it was on needs step-up, which the kit's form asks for
 * (403 REAUTENTICACION_REQUERIDA → "Confirme que es usted" → sent again).
 */
export function RoleEditorDialog({ role, onClose }: { role: RolItem | null; onClose: () => void }) {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const catalogue = useListPermisosQuery();
  const { user: actor } = useAuth();
  const refusalText = useRefusalText();
  const [createRole] = useCreateRoleMutation();
  const [updateRole] = useUpdateRoleMutation();
  const isAdmin = role?.nombre === ADMIN_ROLE;
  const groups = useMemo(() => groupPermisos(catalogue.data ?? []), [catalogue.data]);
  const server = useServerForm<RoleForm>({
    defaultValues: {
      nombre: role?.nombre ?? '',
      descripcion: role?.descripcion ?? '',
      permisos: role?.permisos ?? [],
      mfaObligatorio: role?.mfaObligatorio ?? false,
    },
    fields: FORM_FIELDS,
    saveFailed: t('roles.saveError'),
    submit: async (values) => {
      // Catalogue order, so the request is stable whatever order the boxes were ticked in.
      const ticked = new Set(values.permisos);
      const list = (catalogue.data ?? []).map((p) => p.nombre).filter((n) => ticked.has(n));
      const body = {
        nombre: values.nombre.trim(),
        descripcion: values.descripcion.trim(),
        permisos: isAdmin ? [] : list,
        mfaObligatorio: values.mfaObligatorio,
      };
      // The boxes already forbid it; this keeps a stale catalogue from sending what the api refuses.
      const refused = isAdmin
        ? null
        : canWritePermissions(
            actor,
            role?.nombre ?? body.nombre,
            role?.permisos ?? [],
            body.permisos,
          );
      if (refused) {
        notify(refusalText(refused), { type: 'error' });
        return;
      }
      if (role && isAdmin) {
        // `admin` keeps its name and implicit permissions: only the description may change.
        await updateRole({
          id: role.id,
          version: role.version,
          descripcion: body.descripcion,
          mfaObligatorio: body.mfaObligatorio,
        }).unwrap();
      } else if (role) await updateRole({ id: role.id, version: role.version, ...body }).unwrap();
      else await createRole(body).unwrap();
      notify(role ? t('roles.saved') : t('roles.created'), { type: 'success' });
      onClose();
    },
  });
  const { register, setValue, clearErrors, watch, formState } = server.form;
  const { errors } = formState;
  const permisos = new Set(watch('permisos'));
  const initialPermisos = new Set(role?.permisos ?? []);
  const permisosChanged =
    permisos.size !== initialPermisos.size || [...permisos].some((p) => !initialPermisos.has(p));
  const { requestClose, prompt } = useDiscardGuard(formState.isDirty || permisosChanged, onClose);
  const actorIsAdmin = isAdminUser(actor);
  const ownRole = !actorIsAdmin && role !== null && hasRole(actor, role.nombre);
  const unheld = useMemo(
    () =>
      new Set(
        missingPermissions(
          actor,
          (catalogue.data ?? []).map((p) => p.nombre),
        ),
      ),
    [actor, catalogue.data],
  );
  const locked = (nombre: string) => ownRole || unheld.has(nombre);
  const lockNote = ownRole
    ? t('delegacion.ownRolePermissions', { x: role?.nombre ?? '' })
    : unheld.size > 0
      ? t('roles.unheldNote')
      : null;

  const toggle = (names: string[], on: boolean) => {
    clearErrors('permisos');
    const next = new Set(permisos);
    for (const n of names) {
      if (on) next.add(n);
      else next.delete(n);
    }
    setValue('permisos', [...next], { shouldDirty: true });
  };

  return (
    <>
      <FormDialog
        title={role ? t('roles.editTitle', { nombre: role.nombre }) : t('roles.newTitle')}
        submitLabel={role ? t('common.save') : t('roles.create')}
        server={server}
        onClose={requestClose}
        conflictMessage={t('roles.conflict')}
        submitDisabled={server.conflict}
        maxWidth="md"
      >
        <TextField
          {...register('nombre', {
            required: t('roles.nombreRequired'),
            maxLength: {
              value: NOMBRE_MAX_LENGTH,
              message: t('validation.nombreMax', { max: NOMBRE_MAX_LENGTH }),
            },
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
            maxLength: {
              value: DESCRIPCION_MAX,
              message: t('roles.descripcionMax', { max: DESCRIPCION_MAX }),
            },
          })}
          label={t('roles.descripcion')}
          multiline
          minRows={2}
          error={Boolean(errors.descripcion)}
          helperText={errors.descripcion?.message}
        />
        <div>
          <FormControlLabel
            control={
              <Checkbox
                checked={watch('mfaObligatorio')}
                onChange={(e) =>
                  setValue('mfaObligatorio', e.target.checked, { shouldDirty: true })
                }
                slotProps={{ input: { 'aria-describedby': 'role-mfa-help' } }}
              />
            }
            label={t('seguridad.roleRequires')}
          />
          <FormHelperText id="role-mfa-help" error={Boolean(errors.mfaObligatorio)}>
            {errors.mfaObligatorio?.message ?? t('seguridad.roleRequiresHelp')}
          </FormHelperText>
        </div>
        <Typography variant="subtitle1" component="h3">
          {t('roles.permisos')}
        </Typography>
        {isAdmin ? (
          <Alert severity="info">{t('configuracion.adminNote')}</Alert>
        ) : catalogue.isLoading ? (
          <CircularProgress aria-label={t('common.loading')} />
        ) : catalogue.isError ? (
          <Alert severity="error">
            {readApiError(catalogue.error, t('roles.catalogueError')).message}
          </Alert>
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
            {errors.permisos?.message && (
              <Typography color="error" variant="caption" role="alert">
                {errors.permisos.message}
              </Typography>
            )}
          </>
        )}
      </FormDialog>
      {prompt}
    </>
  );
}
