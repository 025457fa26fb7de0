import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { GRUPO_DESCRIPCION_MAX_LENGTH, GRUPO_NOMBRE_MAX_LENGTH, type Grupo } from '@gestion/shared';
import { useAnyPermission, useAuth, useNotify } from '@gestion/shared/react';
import { FormDialog, useServerForm } from '@gestion/ui';
import { ROLES_READ_PERMISSIONS } from '@gestion/shared';
import { useDiscardGuard } from '../../../components/use-discard-guard';
import { useAdminTexts } from '../../../i18n/namespace';
import { useListRolesQuery } from '../../roles/api';
import { useDelegation, useRefusalText } from '../../roles/use-delegation';
import { useCreateGrupoMutation, useUpdateGrupoMutation } from '../api';

interface GrupoForm {
  nombre: string;
  descripcion: string;
  roles: string[];
}

const FORM_FIELDS = ['nombre', 'descripcion', 'roles'] as const;

/**
 * Create or edit a group (issue #17): name, description and the roles its members receive. A
 * role the viewer may not give (delegation rule 1) is shown but cannot be ticked, with the
 * reason; the api refuses it anyway. The roles offered are the catalogue's when the viewer may
 * read it (ROLES_READ_PERMISSIONS), else their own. On the kit's `FormDialog`: server details
 * under their fields, a stale version as a conflict warning; Esc asks before discarding.
 */
export function GrupoEditorDialog({
  grupo,
  onClose,
}: {
  grupo: Grupo | null;
  onClose: () => void;
}) {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const { user } = useAuth();
  const { grant } = useDelegation();
  const refusalText = useRefusalText();
  const canSeeRoles = useAnyPermission(ROLES_READ_PERMISSIONS);
  const roles = useListRolesQuery(undefined, { skip: !canSeeRoles });
  const [createGrupo] = useCreateGrupoMutation();
  const [updateGrupo] = useUpdateGrupoMutation();
  const names = canSeeRoles
    ? (roles.data?.items ?? []).map((r) => r.nombre)
    : (user?.roles ?? []).map((r) => r.nombre);
  const offered = [...new Set([...names, ...(grupo?.roles ?? [])])];

  const server = useServerForm<GrupoForm>({
    defaultValues: {
      nombre: grupo?.nombre ?? '',
      descripcion: grupo?.descripcion ?? '',
      roles: grupo?.roles ?? [],
    },
    fields: FORM_FIELDS,
    saveFailed: t('grupos.saveError'),
    submit: async (values) => {
      const body = {
        nombre: values.nombre.trim(),
        descripcion: values.descripcion.trim(),
        roles: values.roles,
      };
      if (grupo) await updateGrupo({ id: grupo.id, version: grupo.version, ...body }).unwrap();
      else await createGrupo(body).unwrap();
      notify(grupo ? t('grupos.saved') : t('grupos.created'), { type: 'success' });
      onClose();
    },
  });
  const { register, setValue, watch, formState } = server.form;
  const { errors } = formState;
  const ticked = new Set(watch('roles'));
  const { requestClose, prompt } = useDiscardGuard(formState.isDirty, onClose);

  const toggle = (nombre: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(nombre);
    else next.delete(nombre);
    setValue('roles', [...next], { shouldDirty: true });
  };

  return (
    <>
      <FormDialog
        title={grupo ? t('grupos.editTitle', { nombre: grupo.nombre }) : t('grupos.newTitle')}
        submitLabel={grupo ? t('common.save') : t('grupos.create')}
        server={server}
        onClose={requestClose}
        conflictMessage={t('grupos.conflict')}
        submitDisabled={server.conflict}
      >
        <TextField
          {...register('nombre', {
            required: t('grupos.nombreRequired'),
            pattern: { value: /\S/, message: t('grupos.nombreRequired') },
            maxLength: {
              value: GRUPO_NOMBRE_MAX_LENGTH,
              message: t('validation.nombreMax', { max: GRUPO_NOMBRE_MAX_LENGTH }),
            },
          })}
          label={t('fields.nombre')}
          required
          error={Boolean(errors.nombre)}
          helperText={errors.nombre?.message}
        />
        <TextField
          {...register('descripcion', {
            maxLength: {
              value: GRUPO_DESCRIPCION_MAX_LENGTH,
              message: t('roles.descripcionMax', { max: GRUPO_DESCRIPCION_MAX_LENGTH }),
            },
          })}
          label={t('grupos.descripcion')}
          multiline
          minRows={2}
          error={Boolean(errors.descripcion)}
          helperText={errors.descripcion?.message}
        />
        <FormControl component="fieldset" error={Boolean(errors.roles)}>
          <FormLabel component="legend">{t('grupos.roles')}</FormLabel>
          <FormGroup>
            {offered.map((nombre) => {
              const refusal = grant(nombre);
              return (
                <FormControlLabel
                  key={nombre}
                  label={refusal ? `${nombre} — ${refusalText(refusal)}` : nombre}
                  control={
                    <Checkbox
                      checked={ticked.has(nombre)}
                      disabled={refusal !== null}
                      onChange={(e) => toggle(nombre, e.target.checked)}
                    />
                  }
                />
              );
            })}
          </FormGroup>
          <FormHelperText>{errors.roles?.message ?? t('grupos.rolesHelp')}</FormHelperText>
        </FormControl>
      </FormDialog>
      {prompt}
    </>
  );
}
