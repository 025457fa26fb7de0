import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Controller, useFieldArray } from 'react-hook-form';
import {
  ApiError,
  ROLES_READ_PERMISSIONS,
  SSO_CLAIM_GRUPOS_DEFECTO,
  SSO_ERROR_CODES,
  SSO_LIMITS,
  SSO_SCOPES_DEFECTO,
  type CreateProveedorSso,
  type MapeoGrupo,
  type ProveedorSso,
} from '@gestion/shared';
import { useAnyPermission, useAuth, useNotify } from '@gestion/shared/react';
import { FormDialog, readRawApiError, useServerForm } from '@gestion/ui';
import { useDiscardGuard } from '../../../components/use-discard-guard';
import { useAdminTexts } from '../../../i18n/namespace';
import { DominiosField } from '../../ajustes/components/DominiosField';
import { useListRolesQuery } from '../../roles/api';
import { useDelegation, useRefusalText } from '../../roles/use-delegation';
import { useCreateProveedorSsoMutation, useUpdateProveedorSsoMutation } from '../api';

/** The dialog's values: the contract's fields as the inputs hold them. */
export interface ProveedorForm {
  nombre: string;
  issuer: string;
  clientId: string;
  /** Empty while editing: the stored secret stays (it is write-only, never shown). */
  clientSecret: string;
  /** Space-separated, as OpenID Connect writes them (`openid email profile groups`). */
  scopes: string;
  dominios: string[];
  crearUsuarios: boolean;
  /** '' for none. */
  rolPorDefecto: string;
  mapeoGrupos: MapeoGrupo[];
  claimGrupos: string;
  obligatorio: boolean;
  activo: boolean;
}

const FORM_FIELDS = [
  'nombre',
  'issuer',
  'clientId',
  'clientSecret',
  'scopes',
  'dominios',
  'rolPorDefecto',
  'mapeoGrupos',
  'claimGrupos',
] as const;

/** Refusals the api sends without a detail that belong under one field. */
const FIELD_OF_CODE: Readonly<Record<string, (typeof FORM_FIELDS)[number]>> = {
  [SSO_ERROR_CODES.issuerNoResponde]: 'issuer',
  [SSO_ERROR_CODES.issuerNoCoincide]: 'issuer',
  [SSO_ERROR_CODES.issuerInseguro]: 'issuer',
  [SSO_ERROR_CODES.nombreEnUso]: 'nombre',
};

/**
 * An api refusal with its message placed under the field it is about, when the api named no
 * field itself (an issuer that does not answer, a name in use); anything else as it came.
 */
function placed(error: unknown): unknown {
  const e = readRawApiError(error, '');
  const field = e.code ? FIELD_OF_CODE[e.code] : undefined;
  if (!field || (e.details ?? []).length > 0) return error;
  return new ApiError(e.status, e.message, e.code, [{ field, message: e.message }]);
}

const valuesOf = (p: ProveedorSso | null): ProveedorForm => ({
  nombre: p?.nombre ?? '',
  issuer: p?.issuer ?? '',
  clientId: p?.clientId ?? '',
  clientSecret: '',
  scopes: (p?.scopes ?? [...SSO_SCOPES_DEFECTO]).join(' '),
  dominios: p?.dominios ?? [],
  crearUsuarios: p?.crearUsuarios ?? false,
  rolPorDefecto: p?.rolPorDefecto ?? '',
  mapeoGrupos: p?.mapeoGrupos ?? [],
  claimGrupos: p?.claimGrupos ?? SSO_CLAIM_GRUPOS_DEFECTO,
  obligatorio: p?.obligatorio ?? false,
  activo: p?.activo ?? true,
});

/** The body the api takes for `values` (the secret only when one was typed). */
function bodyOf(values: ProveedorForm): Omit<CreateProveedorSso, 'clientSecret'> & {
  clientSecret?: string;
} {
  return {
    nombre: values.nombre.trim(),
    issuer: values.issuer.trim(),
    clientId: values.clientId.trim(),
    ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}),
    scopes: values.scopes.split(/\s+/u).filter(Boolean),
    dominios: values.dominios,
    crearUsuarios: values.crearUsuarios,
    rolPorDefecto: values.rolPorDefecto || null,
    mapeoGrupos: values.mapeoGrupos.map((m) => ({ grupo: m.grupo.trim(), rol: m.rol })),
    claimGrupos: values.claimGrupos.trim() || SSO_CLAIM_GRUPOS_DEFECTO,
    obligatorio: values.obligatorio,
    activo: values.activo,
  };
}

/**
 * Create or edit a single sign-on provider (issue #18): name, issuer (the api checks its
 * discovery document before storing anything, and names the problem under the field), client
 * id and secret — write-only: empty while editing keeps the stored one —, scopes, the e-mail
 * domains it links and creates, whether it creates users and with which role, group → role
 * lines re-synced at every sign-in, and whether its domains must use it. A role the viewer may
 * not give (delegation rule 1) is offered disabled with the reason; the api refuses it anyway.
 * On the kit's `FormDialog`: server details under their fields, a stale version as a conflict
 * warning; Esc asks before discarding.
 */
export function ProveedorDialog({
  proveedor,
  onClose,
}: {
  proveedor: ProveedorSso | null;
  onClose: () => void;
}) {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const { user } = useAuth();
  const { grant } = useDelegation();
  const refusalText = useRefusalText();
  const canSeeRoles = useAnyPermission(ROLES_READ_PERMISSIONS);
  const roles = useListRolesQuery(undefined, { skip: !canSeeRoles });
  const [create] = useCreateProveedorSsoMutation();
  const [update] = useUpdateProveedorSsoMutation();
  const names = canSeeRoles
    ? (roles.data?.items ?? []).map((r) => r.nombre)
    : (user?.roles ?? []).map((r) => r.nombre);
  const stored = proveedor
    ? [proveedor.rolPorDefecto ?? '', ...proveedor.mapeoGrupos.map((m) => m.rol)]
    : [];
  const offered = [...new Set([...names, ...stored.filter(Boolean)])];

  const server = useServerForm<ProveedorForm>({
    defaultValues: valuesOf(proveedor),
    fields: FORM_FIELDS,
    saveFailed: t('sso.saveError'),
    submit: async (values) => {
      const body = bodyOf(values);
      try {
        if (proveedor)
          await update({ id: proveedor.id, version: proveedor.version, ...body }).unwrap();
        else await create({ ...body, clientSecret: values.clientSecret }).unwrap();
      } catch (error) {
        throw placed(error);
      }
      notify(t(proveedor ? 'sso.saved' : 'sso.created', { nombre: body.nombre }), {
        type: 'success',
      });
      onClose();
    },
  });
  const { register, control, formState, watch } = server.form;
  const { errors } = formState;
  const mapeo = useFieldArray({ control, name: 'mapeoGrupos' });
  const crearUsuarios = watch('crearUsuarios');
  const { requestClose, prompt } = useDiscardGuard(formState.isDirty, onClose);
  const required = (message: string) => ({
    required: message,
    pattern: { value: /\S/u, message },
  });

  /** The role options: each one the viewer may not give disabled, with the reason. */
  const roleItems = offered.map((nombre) => {
    const refusal = grant(nombre);
    return (
      <MenuItem key={nombre} value={nombre} disabled={refusal !== null}>
        {refusal ? `${nombre} — ${refusalText(refusal)}` : nombre}
      </MenuItem>
    );
  });
  const mapeoError = errors.mapeoGrupos?.message ?? errors.mapeoGrupos?.root?.message;

  return (
    <>
      <FormDialog
        title={proveedor ? t('sso.editTitle', { nombre: proveedor.nombre }) : t('sso.newTitle')}
        submitLabel={proveedor ? t('common.save') : t('sso.create')}
        server={server}
        onClose={requestClose}
        conflictMessage={t('sso.conflict')}
        submitDisabled={server.conflict}
        maxWidth="md"
        intro={
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {proveedor
              ? t('sso.redirectUri', { uri: proveedor.redirectUri })
              : t('sso.redirectUriNew')}
          </Typography>
        }
      >
        <TextField
          {...register('nombre', required(t('sso.nombreRequired')))}
          label={t('fields.nombre')}
          required
          autoFocus
          error={Boolean(errors.nombre)}
          helperText={errors.nombre?.message ?? t('sso.nombreHelp')}
        />
        <TextField
          {...register('issuer', required(t('sso.issuerRequired')))}
          label={t('sso.issuer')}
          required
          type="url"
          placeholder="https://login.microsoftonline.com/<tenant>/v2.0"
          error={Boolean(errors.issuer)}
          helperText={errors.issuer?.message ?? t('sso.issuerHelp')}
        />
        <TextField
          {...register('clientId', required(t('sso.clientIdRequired')))}
          label={t('sso.clientId')}
          required
          error={Boolean(errors.clientId)}
          helperText={errors.clientId?.message}
        />
        <TextField
          {...register(
            'clientSecret',
            proveedor ? {} : { required: t('sso.clientSecretRequired') },
          )}
          label={t('sso.clientSecret')}
          type="password"
          autoComplete="new-password"
          required={!proveedor}
          error={Boolean(errors.clientSecret)}
          helperText={
            errors.clientSecret?.message ??
            (proveedor ? t('sso.clientSecretKeep') : t('sso.clientSecretHelp'))
          }
        />
        <TextField
          {...register('scopes')}
          label={t('sso.scopes')}
          error={Boolean(errors.scopes)}
          helperText={errors.scopes?.message ?? t('sso.scopesHelp')}
        />
        <Controller
          control={control}
          name="dominios"
          render={({ field, fieldState }) => (
            <DominiosField
              value={field.value}
              disabled={server.submitting}
              serverError={fieldState.error?.message}
              onChange={field.onChange}
              label={t('sso.dominios')}
              helperText={t('sso.dominiosHelp')}
            />
          )}
        />
        <Controller
          control={control}
          name="crearUsuarios"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(_e, on) => field.onChange(on)} />}
              label={t('sso.crearUsuarios')}
            />
          )}
        />
        <Controller
          control={control}
          name="rolPorDefecto"
          rules={{
            validate: (v, all) => !all.crearUsuarios || Boolean(v) || t('sso.rolRequired'),
          }}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              select
              label={t('sso.rolPorDefecto')}
              required={crearUsuarios}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? t('sso.rolPorDefectoHelp')}
            >
              <MenuItem value="">{t('sso.ninguno')}</MenuItem>
              {roleItems}
            </TextField>
          )}
        />
        <FormControl component="fieldset" error={Boolean(mapeoError)}>
          <FormLabel component="legend">{t('sso.mapeo')}</FormLabel>
          <FormHelperText sx={{ mx: 0 }}>{mapeoError ?? t('sso.mapeoHelp')}</FormHelperText>
          <Stack spacing={1.5} sx={{ mt: 1 }}>
            {mapeo.fields.map((row, index) => (
              <Stack key={row.id} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <TextField
                  {...register(`mapeoGrupos.${index}.grupo`, required(t('sso.grupoRequired')))}
                  label={t('sso.grupo', { n: index + 1 })}
                  size="small"
                  required
                  sx={{ flex: 2 }}
                  error={Boolean(errors.mapeoGrupos?.[index]?.grupo)}
                  helperText={errors.mapeoGrupos?.[index]?.grupo?.message}
                />
                <Controller
                  control={control}
                  name={`mapeoGrupos.${index}.rol`}
                  rules={{ required: t('sso.rolMapeoRequired') }}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...field}
                      select
                      label={t('sso.rolMapeo', { n: index + 1 })}
                      size="small"
                      required
                      sx={{ flex: 1, minWidth: 160 }}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                    >
                      {roleItems}
                    </TextField>
                  )}
                />
                <div>
                  <IconButton
                    aria-label={t('sso.quitarMapeo', { n: index + 1 })}
                    onClick={() => mapeo.remove(index)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </div>
              </Stack>
            ))}
            <div>
              <Button
                startIcon={<AddIcon />}
                disabled={mapeo.fields.length >= SSO_LIMITS.mapeoMax}
                onClick={() => mapeo.append({ grupo: '', rol: '' })}
              >
                {t('sso.addMapeo')}
              </Button>
            </div>
          </Stack>
        </FormControl>
        <TextField
          {...register('claimGrupos')}
          label={t('sso.claimGrupos')}
          error={Boolean(errors.claimGrupos)}
          helperText={errors.claimGrupos?.message ?? t('sso.claimGruposHelp')}
        />
        <Controller
          control={control}
          name="obligatorio"
          render={({ field }) => (
            <div>
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    onChange={(_e, on) => field.onChange(on)}
                    slotProps={{ input: { 'aria-describedby': 'sso-obligatorio-help' } }}
                  />
                }
                label={t('sso.obligatorio')}
              />
              <Typography id="sso-obligatorio-help" variant="body2" color="text.secondary">
                {t('sso.obligatorioHelp')}
              </Typography>
            </div>
          )}
        />
        <Controller
          control={control}
          name="activo"
          render={({ field }) => (
            <div>
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    onChange={(_e, on) => field.onChange(on)}
                    slotProps={{ input: { 'aria-describedby': 'sso-activo-help' } }}
                  />
                }
                label={t('sso.activo')}
              />
              <Typography id="sso-activo-help" variant="body2" color="text.secondary">
                {t('sso.activoHelp')}
              </Typography>
            </div>
          )}
        />
      </FormDialog>
      {prompt}
    </>
  );
}
