import type { ComponentType } from 'react';
import Stack from '@mui/material/Stack';
import { PageLoading } from '../../../components/PageLoading';
import { useMfaTexts } from '../../../i18n/mfa-namespace';
import { PasskeysSection } from '../../passkeys/PasskeysSection';
import { DosPasosSection } from './DosPasosSection';

/**
 * The sections of Mi cuenta › Seguridad (issue #16), in order: one per kind of factor. A new
 * kind of factor adds its section here.
 */
const SEGURIDAD_SECTIONS: readonly ComponentType[] = [DosPasosSection, PasskeysSection];

/**
 * Mi cuenta › Seguridad: the user's second factors, a chunk of its own (the QR code and the
 * WebAuthn library load only when used, and never with /login). The setup parts' texts
 * (remote-auth-mfa) arrive before anything shows, so no key flashes on screen.
 */
export default function SeguridadArea() {
  const { ready } = useMfaTexts();
  if (!ready) return <PageLoading />;
  return (
    <Stack spacing={3}>
      {SEGURIDAD_SECTIONS.map((S, i) => (
        <S key={i} />
      ))}
    </Stack>
  );
}
