import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isTokenInvalid } from './LifecycleParts';

export type TokenCallState = 'sin-token' | 'comprobando' | 'hecho' | 'invalido' | 'error';

/**
 * Sends the page's `?token=` once, on arrival (the links of /verificar and /confirmar-correo need
 * nothing else from the visitor), and tracks the answer. Once per token, not per effect run:
 * a token is single use, so React's development double effect would otherwise spend it and
 * show "no válido" for a link that worked. `retry` sends it again after a network failure.
 */
export function useTokenOnce(send: (token: string) => Promise<unknown>) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [state, setState] = useState<TokenCallState>(token ? 'comprobando' : 'sin-token');
  const sent = useRef<string | null>(null);
  const sendRef = useRef(send);
  sendRef.current = send;

  const run = (value: string) => {
    sent.current = value;
    setState('comprobando');
    sendRef.current(value).then(
      () => setState('hecho'),
      (error: unknown) => setState(isTokenInvalid(error) ? 'invalido' : 'error'),
    );
  };

  useEffect(() => {
    if (token && sent.current !== token) run(token);
    // `run` reads the latest `send` through a ref; only a new token sends again.
  }, [token]);

  return { state, retry: () => run(token) };
}
