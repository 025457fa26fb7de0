import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  ApiError,
  SSO_ERROR_CODES,
  SSO_MESSAGES,
  SSO_RESULTADO_PATH,
  paths,
  requestJson,
  type LoginResult,
} from '@gestion/shared';
import { useAuth, useShell } from '@gestion/shared/react';
import { readApiError, useApiErrorTexts } from '@gestion/ui';
import { PageLoading } from '../../components/PageLoading';
import { useCicloTexts } from '../../i18n/ciclo-namespace';
import { InvalidLink, LifecycleCard, LinkButton } from '../ciclo-cuenta/components/LifecycleParts';

/** SSO_MESSAGES' text of an `?error=` code, or undefined for a code the console does not know. */
function messageOfCode(code: string): string | undefined {
  const key = (Object.keys(SSO_ERROR_CODES) as (keyof typeof SSO_ERROR_CODES)[]).find(
    (k) => SSO_ERROR_CODES[k] === code,
  );
  return key ? SSO_MESSAGES[key] : undefined;
}

/**
 * /login/sso (issue #18): where the api's callback sends the browser back from the provider.
 * With `?error=<code>` it names the refusal (the api's Spanish text for the code, translated by
 * the code for another language, through the kit's error reader) with the way back to /login.
 * Otherwise it spends the one-time HttpOnly cookie the callback set (POST
 * /api/auth/sso/resultado, once even under React's double effects) and continues exactly as a
 * password sign-in does: `{token, user}` to the shell's `startSession` ('Bienvenido de nuevo',
 * then the same-origin `?redirect=` or `/`), `{mfa}` to the second step or its enrolment with
 * the token and redirect in the history entry's state, as the shell's `login` hands them over.
 * The session token reaches the page only in that POST's body, never in the URL.
 */
export default function SsoResultadoPage() {
  const { t, ready } = useCicloTexts();
  const errors = useApiErrorTexts();
  const { startSession } = useAuth();
  const { apiBaseUrl } = useShell().config;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('error');
  const redirect = params.get('redirect');
  const [failure, setFailure] = useState<unknown>(() =>
    code
      ? new ApiError(400, messageOfCode(code) ?? SSO_MESSAGES.respuestaInvalida, code, [])
      : null,
  );
  const sent = useRef(false);

  useEffect(() => {
    if (code || sent.current) return;
    sent.current = true;
    requestJson<LoginResult>(apiBaseUrl, SSO_RESULTADO_PATH, {
      method: 'POST',
      fallbackMessage: '',
    }).then(
      (res) => {
        if ('token' in res) startSession(res, redirect);
        else if ('mfa' in res) {
          const { mfa } = res;
          void navigate(`/login/${mfa.configurar ? 'configurar-' : ''}dos-pasos`, {
            replace: true,
            state: { ...mfa, redirect },
          });
        } else setFailure(new ApiError(0, '', undefined, []));
      },
      (error: unknown) => setFailure(error),
    );
  }, []); // once: the cookie's value is single use

  if (!ready || !errors.ready) return <PageLoading />;
  const heading = t('ciclo.sso.heading');
  if (failure === null)
    return (
      <LifecycleCard heading={heading}>
        <PageLoading label={t('ciclo.sso.working')} />
      </LifecycleCard>
    );
  return (
    <LifecycleCard heading={heading}>
      <InvalidLink
        title={t('ciclo.sso.failed')}
        help={readApiError(failure, t('ciclo.sso.error')).message || t('ciclo.sso.error')}
        action={
          <LinkButton
            to={
              redirect ? `${paths.login()}?redirect=${encodeURIComponent(redirect)}` : paths.login()
            }
          >
            {t('ciclo.backToLogin')}
          </LinkButton>
        }
      />
    </LifecycleCard>
  );
}
