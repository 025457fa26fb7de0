import { useId, useMemo } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import {
  ALL_PERMISSIONS,
  API_TOKEN_MAX_DIAS,
  API_TOKEN_NOMBRE_MAX_LENGTH,
  PERMISSION_DESCRIPTIONS,
  effectivePermissions,
  type ApiTokenCreado,
  type PermissionName,
} from '@gestion/shared';
import { useAuth } from '@gestion/shared/react';
import { FormDialog, useServerForm } from '@gestion/ui';
import type { Permiso } from '@gestion/shared';
import { PermisosPicker } from '../../roles/components/PermisosPicker';
import { useCreateApiTokenMutation } from '../api';
import { useTokenTexts } from '../texts';

/** The lifetimes offered in one choice, in days; `otra` leaves the date as typed. */
export const DURACIONES = [7, 30, 90, 365] as const;
/** The lifetime the form starts with (issue #17: expiry required, a sensible default). */
export const DURACION_POR_DEFECTO = 30;

interface TokenForm {
  nombre: string;
  permisos: string[];
  /** `'7'`, `'30'`, … days, or `'otra'` when the date was typed. */
  duracion: string;
  /** The last day the token works, `YYYY-MM-DD` in the reader's time zone. */
  expiraEn: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `now` plus `days` calendar days, as the `YYYY-MM-DD` of a date input (local time). */
export function dateInDays(days: number, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The instant sent as `expiraEn` for the last day `date` (`YYYY-MM-DD`): the end of that day in
 * the reader's time zone, but never past `now` + API_TOKEN_MAX_DIAS days, the api's limit (so "1
 * año" is not refused for the hours left of its last day). Undefined for an unreadable date.
 */
export function expiryInstant(date: string, now = new Date()): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return undefined;
  const end = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59);
  if (Number.isNaN(end.getTime())) return undefined;
  // A minute of slack for the request's way to the api's clock.
  const limit = now.getTime() + API_TOKEN_MAX_DIAS * 86_400_000 - 60_000;
  return new Date(Math.min(end.getTime(), limit)).toISOString();
}

/** Props of `CrearTokenDialog`. */
export interface CrearTokenDialogProps {
  /** The api's answer: the secret (shown once by the caller) and the new token. */
  onCreated: (created: ApiTokenCreado) => void;
  onClose: () => void;
}

/**
 * "Crear token" of Mi cuenta › Tokens (issue #17): a name, the permissions it carries — a
 * checkbox list of only the permissions the user holds now (the api refuses any other, and
 * intersects them again with the owner's at every use), described in the reader's language —
 * and its expiry, required: a lifetime to pick (30 days by default) or a date, from tomorrow to
 * API_TOKEN_MAX_DIAS days ahead. On the kit's `useServerForm`: a refusal the api ties to a field
 * (`nombre`, `permisos`, `expiraEn`) shows under it, any other above the form.
 */
export function CrearTokenDialog({ onCreated, onClose }: CrearTokenDialogProps) {
  const { t } = useTokenTexts();
  const { user } = useAuth();
  const [create] = useCreateApiTokenMutation();
  const permisosLabelId = useId();
  const permisosHelpId = useId();

  /** The user's own permissions, grouped by resource in catalogue order. */
  const groups = useMemo(() => {
    const held = effectivePermissions(user);
    const byGroup = new Map<string, Permiso[]>();
    for (const nombre of ALL_PERMISSIONS) {
      if (held !== 'all' && !held.has(nombre)) continue;
      const grupo = nombre.split(':')[0]!;
      const items = byGroup.get(grupo) ?? [];
      items.push({ nombre, grupo, descripcion: PERMISSION_DESCRIPTIONS[nombre] });
      byGroup.set(grupo, items);
    }
    return [...byGroup.entries()];
  }, [user]);

  const min = dateInDays(1);
  const max = dateInDays(API_TOKEN_MAX_DIAS);
  const server = useServerForm<TokenForm>({
    defaultValues: {
      nombre: '',
      permisos: [],
      duracion: String(DURACION_POR_DEFECTO),
      expiraEn: dateInDays(DURACION_POR_DEFECTO),
    },
    fields: ['nombre', 'permisos', 'expiraEn'],
    saveFailed: t('tokens.createError'),
    submit: async ({ nombre, permisos, expiraEn }) => {
      const created = await create({
        nombre: nombre.trim(),
        permisos: permisos as PermissionName[],
        expiraEn: expiryInstant(expiraEn)!,
      }).unwrap();
      onCreated(created);
    },
  });
  const { control, register, setValue, formState } = server.form;
  const { errors } = formState;
  const nombre = register('nombre', {
    validate: (value) => {
      const text = value.trim();
      if (!text) return t('tokens.nombreRequired');
      return (
        text.length <= API_TOKEN_NOMBRE_MAX_LENGTH ||
        t('tokens.nombreTooLong', { max: API_TOKEN_NOMBRE_MAX_LENGTH })
      );
    },
  });
  const expiraEn = register('expiraEn', {
    validate: (value) => {
      // The input's own format makes the strings comparable.
      if (!value || !expiryInstant(value)) return t('tokens.expiraRequired');
      if (value < min) return t('tokens.expiraPast');
      return value <= max || t('tokens.expiraTooFar', { max: API_TOKEN_MAX_DIAS });
    },
    onChange: () => setValue('duracion', 'otra'),
  });

  return (
    <FormDialog
      title={t('tokens.createTitle')}
      submitLabel={t('tokens.createSubmit')}
      server={server}
      onClose={onClose}
      maxWidth="md"
      intro={<DialogContentText>{t('tokens.createIntro')}</DialogContentText>}
    >
      <TextField
        {...nombre}
        inputRef={nombre.ref}
        label={t('tokens.nombre')}
        placeholder={t('tokens.nombrePlaceholder')}
        required
        fullWidth
        autoFocus
        autoComplete="off"
        error={Boolean(errors.nombre)}
        helperText={errors.nombre?.message}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Controller
          name="duracion"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label={t('tokens.duracion')}
              name={field.name}
              value={field.value}
              inputRef={field.ref}
              onBlur={field.onBlur}
              onChange={(e) => {
                field.onChange(e.target.value);
                // A lifetime picked sets the date; "Otra fecha" leaves it to be typed.
                const days = Number(e.target.value);
                if (days) setValue('expiraEn', dateInDays(days), { shouldValidate: true });
              }}
              sx={{ minWidth: 200 }}
            >
              {DURACIONES.map((days) => (
                <MenuItem key={days} value={String(days)}>
                  {t(`tokens.duraciones.d${days}`)}
                </MenuItem>
              ))}
              <MenuItem value="otra">{t('tokens.duracionOtra')}</MenuItem>
            </TextField>
          )}
        />
        <TextField
          {...expiraEn}
          inputRef={expiraEn.ref}
          type="date"
          label={t('tokens.expiraEn')}
          required
          error={Boolean(errors.expiraEn)}
          helperText={errors.expiraEn?.message ?? t('tokens.expiraHelp', { max: API_TOKEN_MAX_DIAS })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max } }}
          sx={{ minWidth: 200 }}
        />
      </Stack>
      <Controller
        name="permisos"
        control={control}
        rules={{ validate: (value) => value.length > 0 || t('tokens.permisosRequired') }}
        render={({ field, fieldState }) => {
          const selected = new Set(field.value);
          return (
            <FormControl
              component="fieldset"
              error={Boolean(fieldState.error)}
              aria-describedby={permisosHelpId}
            >
              <FormLabel component="legend" id={permisosLabelId} required>
                {t('tokens.permisos')}
              </FormLabel>
              <FormHelperText id={permisosHelpId} sx={{ mx: 0, mb: 1 }}>
                {fieldState.error?.message ?? t('tokens.permisosHelp')}
              </FormHelperText>
              <PermisosPicker
                groups={groups}
                selected={selected}
                locked={() => false}
                onToggle={(names, on) => {
                  const next = new Set(field.value);
                  for (const n of names) {
                    if (on) next.add(n);
                    else next.delete(n);
                  }
                  // Catalogue order, whatever order they were ticked in.
                  field.onChange(ALL_PERMISSIONS.filter((p) => next.has(p)));
                }}
              />
            </FormControl>
          );
        }}
      />
    </FormDialog>
  );
}
