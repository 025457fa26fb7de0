import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { usePermission } from '@gestion/shared/react';
import { ErrorAlert, readApiError } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { Section } from '../../cuenta/components/Section';
import { useListGruposQuery } from '../api';

/**
 * The groups a user belongs to, on their page (issue #17), each with the roles it gives them —
 * the roles they hold besides their own. Shown only with grupos:ver (the list's permission);
 * the first 100 groups, by name.
 */
export function UsuarioGrupos({ usuarioId }: { usuarioId: number }) {
  const { t } = useAdminTexts();
  const canSee = usePermission('grupos:ver');
  const grupos = useListGruposQuery({ usuarioId, pageSize: 100 }, { skip: !canSee });
  if (!canSee) return null;

  let body: React.ReactNode;
  if (grupos.isError)
    body = (
      <ErrorAlert onRetry={() => void grupos.refetch()}>
        {readApiError(grupos.error, t('grupos.loadError')).message}
      </ErrorAlert>
    );
  else if (grupos.isLoading) body = <CircularProgress aria-label={t('common.loading')} />;
  else if ((grupos.data?.items.length ?? 0) === 0)
    body = <Alert severity="info">{t('grupos.userNone')}</Alert>;
  else
    body = (
      <List dense aria-label={t('grupos.userHeading')}>
        {grupos.data!.items.map((g) => (
          <ListItem key={g.id} disableGutters>
            <ListItemText
              primary={g.nombre}
              secondary={
                g.roles.length === 0 ? (
                  t('grupos.noRoles')
                ) : (
                  <Stack
                    component="span"
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ flexWrap: 'wrap' }}
                  >
                    {g.roles.map((r) => (
                      <Chip component="span" key={r} label={r} size="small" />
                    ))}
                  </Stack>
                )
              }
              slotProps={{ secondary: { component: 'div' } }}
            />
          </ListItem>
        ))}
      </List>
    );
  return <Section title={t('grupos.userHeading')}>{body}</Section>;
}
