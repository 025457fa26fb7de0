import Alert from '@mui/material/Alert';
import { ApiError, MESSAGES } from '@gestion/shared';
import { localizeApiError, useApiErrorTexts } from '@gestion/ui';

/**
 * The failure of a sign-in or registration, in the reader's language (issue #14). The shell's
 * auth state keeps the api's Spanish message only (its first paint is at the 200 KiB budget, so
 * it does not carry the code too); the kit recognises that message among the api's catalogued
 * texts and words it (`localizeApiError`). Its own chunk: /login loads it only after a failure.
 * Without a server message (SPEC §8) it says "Credenciales incorrectas": that default lives here
 * and not in LoginPage, because shared's messages module, once imported by the sign-in chunk,
 * carries every catalogued message the kit reads (≈700 bytes brotli over /login's budget).
 */
export default function AuthErrorAlert({ message }: { message?: string | null }) {
  // Re-render when the error texts of the current language arrive.
  useApiErrorTexts();
  return (
    <Alert severity="error">
      {localizeApiError(new ApiError(0, message || MESSAGES.invalidCredentials)).message}
    </Alert>
  );
}
