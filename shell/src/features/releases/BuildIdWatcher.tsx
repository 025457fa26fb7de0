/**
 * Polls `/build-id.json` (written by every build) and, when it changes, offers a reload in a
 * persistent toast (DESIGN.md §5: "a new release offers a reload"). The first answer is the
 * baseline: the page was loaded from that build.
 */
import { useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../alerts/toasts';

export const BUILD_ID_URL = '/build-id.json';
const RELEASE_TOAST = 'new-release';

async function fetchBuildId(signal: AbortSignal): Promise<string | null> {
  try {
    const res = await fetch(BUILD_ID_URL, { cache: 'no-store', signal });
    if (!res.ok) return null;
    const body = (await res.json()) as { buildId?: unknown };
    return typeof body.buildId === 'string' ? body.buildId : null;
  } catch {
    return null; // offline or mid-deploy: try again next time
  }
}

export function BuildIdWatcher({ pollMs, reload = () => window.location.reload() }: { pollMs: number; reload?: () => void }) {
  const { t } = useTranslation('shell');
  const { show } = useToasts();
  const baseline = useRef<string | null>(null);
  const offered = useRef(false);

  useEffect(() => {
    if (!pollMs || pollMs <= 0) return;
    const controller = new AbortController();
    const check = async () => {
      const id = await fetchBuildId(controller.signal);
      if (!id || controller.signal.aborted) return;
      if (baseline.current === null) {
        baseline.current = id;
      } else if (id !== baseline.current && !offered.current) {
        offered.current = true;
        show(({ enqueueSnackbar }) =>
          enqueueSnackbar(t('release.available'), {
            key: RELEASE_TOAST,
            variant: 'info',
            persist: true,
            action: (
              <Button color="inherit" size="small" variant="outlined" onClick={reload}>
                {t('release.reload')}
              </Button>
            ),
          }),
        );
      }
    };
    void check();
    const timer = setInterval(() => void check(), pollMs);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [pollMs, show, t, reload]);

  return null;
}
