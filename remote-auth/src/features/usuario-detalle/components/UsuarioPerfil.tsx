import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { UsuarioDetalle } from '@gestion/shared';
import { useFormatDateTime } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { Section } from '../../cuenta/components/Section';
import { EstadoUsuarioChip } from '../../usuarios/components/EstadoUsuarioChip';

/**
 * The user's profile as a description list: name, e-mail and whether it is verified, state
 * (active, inactive or invitation pending, as the Usuarios list words it), creation date and the
 * last sign-in ("Nunca" before the first). Two columns from `sm` up, one on a phone.
 */
export function UsuarioPerfil({ usuario }: { usuario: UsuarioDetalle }) {
  const { t } = useAdminTexts();
  const formatDate = useFormatDateTime();
  const estado = <EstadoUsuarioChip usuario={usuario} />;
  const rows: [string, React.ReactNode][] = [
    [t('usuarios.columns.nombre'), usuario.nombre],
    [t('usuarios.columns.email'), usuario.email],
    [
      t('usuarioDetalle.verificacion'),
      usuario.emailVerificado === undefined
        ? '—'
        : usuario.emailVerificado
          ? t('usuarioDetalle.verified')
          : t('usuarioDetalle.notVerified'),
    ],
    [t('usuarioDetalle.estado'), estado],
    [t('usuarioDetalle.creadoEn'), formatDate(usuario.creadoEn)],
    [
      t('usuarioDetalle.ultimoAcceso'),
      usuario.ultimoAcceso ? formatDate(usuario.ultimoAcceso) : t('usuarioDetalle.never'),
    ],
  ];
  return (
    <Section title={t('usuarioDetalle.profile')}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.25, sm: 1.5 },
          m: 0,
        }}
      >
        {rows.map(([label, value], index) => (
          <Box key={index} sx={{ display: 'contents' }}>
            <Typography
              component="dt"
              variant="body2"
              color="text.secondary"
              sx={{ mt: { xs: 1, sm: 0 } }}
            >
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body1"
              sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
