import { useState } from 'react';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiTokenCreado } from '@gestion/shared';
import { Section } from '../../cuenta/components/Section';
import { useTokenTexts } from '../texts';
import { CrearTokenDialog } from './CrearTokenDialog';
import { TokenCreadoDialog } from './TokenCreadoDialog';
import { TokensList } from './TokensList';

/**
 * Mi cuenta › Tokens (issue #17): the user's personal API tokens for scripts — each one's
 * permissions, creation, expiry and last use, revocable after a confirmation — and "Crear token",
 * whose secret is shown once in a dialog with "Copiar". Every signed-in user has it: a token only
 * ever carries permissions its owner holds.
 */
export default function TokensSection() {
  const { t, ready } = useTokenTexts();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreado | null>(null);

  if (!ready) return <Skeleton variant="rounded" height={160} />;
  return (
    <Section title={t('tokens.heading')}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('tokens.intro')}
        </Typography>
        <TokensList
          of="own"
          label={t('tokens.listLabel')}
          empty={t('tokens.empty')}
          revokeMessage={(token) => t('tokens.revokeMessage', { nombre: token.nombre })}
        />
        <div>
          <Button variant="contained" onClick={() => setCreating(true)}>
            {t('tokens.create')}
          </Button>
        </div>
      </Stack>
      {creating && (
        <CrearTokenDialog
          onClose={() => setCreating(false)}
          onCreated={(answer) => {
            setCreating(false);
            setCreated(answer);
          }}
        />
      )}
      <TokenCreadoDialog
        token={created?.token ?? null}
        title={t('tokens.createdTitle', { nombre: created?.apiToken.nombre ?? '' })}
        hint={t('tokens.createdHint')}
        onClose={() => setCreated(null)}
      />
    </Section>
  );
}
