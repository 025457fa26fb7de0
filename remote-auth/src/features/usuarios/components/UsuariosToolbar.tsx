import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import { usePermission, useAnyPermission } from '@gestion/shared/react';
import { ROLES_READ_PERMISSIONS } from '@gestion/shared';
import { SearchField } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';

export type ActivoFilter = '' | 'true' | 'false';

/**
 * Search, the role and state filters, and create / import / export above the users grid.
 * The search is the kit's SearchField: `search` is the list's (the URL's) and `onSearch` hears
 * the trimmed text once typing pauses; a role or state change is reported at once.
 */
export function UsuariosToolbar({
  search,
  onSearch,
  rol,
  onRol,
  activo,
  onActivo,
  roleNames,
  exporting,
  onNew,
  onImport,
  onExport,
}: {
  search: string;
  onSearch: (value: string) => void;
  rol: string;
  onRol: (value: string) => void;
  activo: ActivoFilter;
  onActivo: (value: ActivoFilter) => void;
  roleNames: readonly string[];
  exporting: boolean;
  onNew: () => void;
  onImport: () => void;
  onExport: () => void;
}) {
  const { t } = useAdminTexts();
  const canCreate = usePermission('usuarios:crear');
  const canEdit = usePermission('usuarios:editar');
  const canSeeRoles = useAnyPermission(ROLES_READ_PERMISSIONS);
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}
    >
      <SearchField
        label={t('usuarios.search')}
        value={search}
        onChange={onSearch}
        sx={{ minWidth: { md: 260 } }}
      />
      {canSeeRoles && (
        <TextField
          select
          size="small"
          label={t('usuarios.filterRole')}
          // The empty value reads 'Todos…' instead of an empty box under the label.
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          value={rol}
          onChange={(e) => onRol(e.target.value)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('usuarios.allRoles')}</MenuItem>
          {roleNames.map((r) => (
            <MenuItem key={r} value={r}>
              {r}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        size="small"
        label={t('usuarios.filterState')}
        // The empty value reads 'Todos…' instead of an empty box under the label.
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        value={activo}
        onChange={(e) => onActivo(e.target.value as ActivoFilter)}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="">{t('usuarios.allStates')}</MenuItem>
        <MenuItem value="true">{t('usuarios.active')}</MenuItem>
        <MenuItem value="false">{t('usuarios.inactive')}</MenuItem>
      </TextField>
      <Stack
        direction="row"
        useFlexGap
        // Wraps at 390 px: the three Spanish labels are wider than a phone (issue #14).
        sx={{
          ml: { md: 'auto' },
          flexWrap: 'wrap',
          gap: 1,
          '& .MuiButton-root': { whiteSpace: 'nowrap' },
        }}
      >
        {canCreate && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={onNew}>
            {t('usuarios.new')}
          </Button>
        )}
        {canCreate && canEdit && (
          <Button startIcon={<UploadIcon />} onClick={onImport}>
            {t('usuarios.import')}
          </Button>
        )}
        <Button startIcon={<DownloadIcon />} onClick={onExport} loading={exporting}>
          {t('usuarios.export')}
        </Button>
      </Stack>
    </Stack>
  );
}
