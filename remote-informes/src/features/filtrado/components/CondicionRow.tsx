import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  FILTRO_CAMPOS,
  findFiltroCampo,
  operadoresDe,
  type FiltroEntidad,
  type FiltroOperador,
} from '@gestion/shared';
import { useInformesTexts } from '../../../i18n/namespace';
import { conCampo, conOperador, type Condicion } from '../condiciones';
import { ValorInput } from './ValorInput';

/** Where an error message goes: under the field, the operator or the value. */
export interface CondicionFallo {
  parte: 'campo' | 'operador' | 'valor';
  message: string;
}

interface CondicionRowProps {
  entidad: FiltroEntidad;
  cond: Condicion;
  /** 0-based position; shown 1-based in the group's name. */
  index: number;
  fallo?: CondicionFallo;
  onChange: (next: Condicion) => void;
  onRemove: () => void;
}

/**
 * One condition of the builder: a field of the chosen entity (the whitelist only), an operator
 * that field accepts, and a value input typed by the field and shaped by the operator.
 */
export function CondicionRow({
  entidad,
  cond,
  index,
  fallo,
  onChange,
  onRemove,
}: CondicionRowProps) {
  const { t } = useInformesTexts();
  const campo = findFiltroCampo(entidad, cond.campo);
  const n = index + 1;
  const error = (parte: CondicionFallo['parte']) =>
    fallo?.parte === parte ? fallo.message : undefined;
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={t('filtrado.condicionN', { n })}
      sx={{ p: 2 }}
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: 'flex-start' }}
      >
        <TextField
          select
          size="small"
          label={t('filtrado.campo')}
          value={campo ? cond.campo : ''}
          onChange={(e) => {
            const next = findFiltroCampo(entidad, e.target.value);
            if (next) onChange(conCampo(cond, next));
          }}
          error={Boolean(error('campo'))}
          helperText={error('campo')}
          sx={{ minWidth: 200 }}
        >
          {FILTRO_CAMPOS[entidad].map((c) => (
            <MenuItem key={c.campo} value={c.campo}>
              {t(`campos.${entidad}.${c.campo}`, c.etiqueta)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('filtrado.operador')}
          value={cond.operador}
          onChange={(e) => onChange(conOperador(cond, e.target.value as FiltroOperador))}
          error={Boolean(error('operador'))}
          helperText={error('operador')}
          sx={{ minWidth: 190 }}
        >
          {(campo ? operadoresDe(campo) : []).map((o) => (
            <MenuItem key={o} value={o}>
              {t(`operadores.${o}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1, width: '100%', minWidth: 0 }}>
          {campo && (
            <ValorInput
              // A new field or operator is a new input: the pickers keep no stale local value.
              key={`${cond.campo}-${cond.operador}`}
              campo={campo}
              cond={cond}
              error={error('valor')}
              onChange={(patch) => onChange({ ...cond, ...patch })}
            />
          )}
        </Box>
        <IconButton aria-label={t('filtrado.quitar', { n })} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      </Stack>
    </Paper>
  );
}
