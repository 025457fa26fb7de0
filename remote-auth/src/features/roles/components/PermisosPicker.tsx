import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { useAdminTexts } from '../../../i18n/namespace';
import type { PermisoItem } from '../api';
import { permissionDescription, permissionGroupName } from '../permission-texts';

/**
 * The permission catalogue as checkboxes grouped by resource (descriptions and group names in the
 * reader's language, permission-texts.ts), with a "select all" per resource
 * (indeterminate while only some are ticked). A `locked` permission keeps its state and is
 * disabled, described by `lockNoteId` (issue #13: nobody writes a permission they do not hold);
 * "select all" changes only the unlocked ones of its group.
 */
export function PermisosPicker({
  groups,
  selected,
  locked,
  lockNoteId,
  onToggle,
}: {
  groups: [string, PermisoItem[]][];
  selected: ReadonlySet<string>;
  locked: (nombre: string) => boolean;
  lockNoteId?: string;
  onToggle: (names: string[], on: boolean) => void;
}) {
  const { t } = useAdminTexts();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {groups.map(([group, items]) => {
        const names = items.map((p) => p.nombre);
        const free = names.filter((n) => !locked(n));
        const held = names.filter((n) => selected.has(n)).length;
        // With locked ones in the group, "all" means all that may change: a click ticks the
        // free ones until every one is ticked, then unticks them.
        const freeHeld = free.filter((n) => selected.has(n)).length;
        const labelId = `perm-group-${group}`;
        return (
          <Box key={group} role="group" aria-labelledby={labelId}>
            <FormControlLabel
              id={labelId}
              label={<strong>{t('roles.allOf', { grupo: permissionGroupName(group, t) })}</strong>}
              disabled={free.length === 0}
              control={
                <Checkbox
                  checked={held === names.length}
                  indeterminate={held > 0 && held < names.length}
                  slotProps={{
                    input: {
                      'aria-describedby': free.length < names.length ? lockNoteId : undefined,
                    },
                  }}
                  onChange={() => onToggle(free, freeHeld < free.length)}
                />
              }
            />
            <FormGroup sx={{ pl: 3 }}>
              {items.map((p) => {
                const isLocked = locked(p.nombre);
                return (
                  <FormControlLabel
                    key={p.nombre}
                    label={`${permissionDescription(p.nombre, p.descripcion, t)} (${p.nombre})`}
                    disabled={isLocked}
                    control={
                      <Checkbox
                        checked={selected.has(p.nombre)}
                        slotProps={{
                          input: { 'aria-describedby': isLocked ? lockNoteId : undefined },
                        }}
                        onChange={(_e, checked) => onToggle([p.nombre], checked)}
                      />
                    }
                  />
                );
              })}
            </FormGroup>
          </Box>
        );
      })}
    </Box>
  );
}
