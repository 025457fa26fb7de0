import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import type { UsuarioDetalle } from '@gestion/shared';
import { Section } from '../../cuenta/components/Section';
import { useTokenTexts } from '../texts';
import { TokensList } from './TokensList';

/**
 * The user page's "Tokens de API" (issue #17: "Admins list and revoke anyone's tokens"): the
 * user's personal API tokens, each revocable after a confirmation. The page shows it with
 * usuarios:editar, the permission `GET /api/tokens?usuarioId=` asks for; when the delegation
 * rules keep the viewer off this user (`refusal`), it says why instead of asking the api for a
 * 403. The api checks both again.
 */
export default function UsuarioTokens({
  usuario,
  refusal,
}: {
  usuario: Pick<UsuarioDetalle, 'id' | 'nombre'>;
  /** Why the viewer may not act on this user (delegation), or null. */
  refusal: string | null;
}) {
  const { t, ready } = useTokenTexts();
  if (!ready) return <Skeleton variant="rounded" height={120} />;
  return (
    <Section title={t('tokens.adminHeading')}>
      {refusal !== null ? (
        <Alert severity="info">{refusal}</Alert>
      ) : (
        <TokensList
          of={usuario.id}
          label={t('tokens.adminListLabel', { nombre: usuario.nombre })}
          empty={t('tokens.adminEmpty', { nombre: usuario.nombre })}
          revokeMessage={(token) =>
            t('tokens.adminRevokeMessage', { nombre: token.nombre, usuario: usuario.nombre })
          }
        />
      )}
    </Section>
  );
}
