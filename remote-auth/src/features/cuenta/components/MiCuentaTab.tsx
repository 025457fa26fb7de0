import { lazy, Suspense } from 'react';
import Stack from '@mui/material/Stack';
import { PageLoading } from '../../../components/PageLoading';
import { ProfileSection } from './ProfileSection';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { LanguageSection } from './LanguageSection';
import { SessionsSection } from './SessionsSection';

/** Mi cuenta › Seguridad (issue #16): the second factors, their own chunk. */
const SeguridadArea = lazy(() => import('../../seguridad/components/SeguridadArea'));
/** Mi cuenta › Tokens (issue #17): personal API tokens, their own chunk. */
const TokensSection = lazy(() => import('../../tokens/components/TokensSection'));

/**
 * Mi cuenta: always shown; every signed-in user manages their own profile, password, sessions,
 * second factors (Seguridad) and personal API tokens (Tokens).
 */
export function MiCuentaTab() {
  return (
    <Stack spacing={3}>
      <ProfileSection />
      <EmailSection />
      <PasswordSection />
      <LanguageSection />
      <SessionsSection />
      <Suspense fallback={<PageLoading />}>
        <SeguridadArea />
      </Suspense>
      <Suspense fallback={<PageLoading />}>
        <TokensSection />
      </Suspense>
    </Stack>
  );
}
