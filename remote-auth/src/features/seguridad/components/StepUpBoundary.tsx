import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { StepUpProvider, type StepUpHandler } from '@gestion/ui';

/** The password-or-code dialog: its own chunk, downloaded the first time step-up is asked. */
const StepUpDialog = lazy(() => import('./StepUpDialog'));

/**
 * Gives every form below it (the kit's `useServerForm`) the console's step-up (issue #16): when a
 * call answers 403 REAUTENTICACION_REQUERIDA, "Confirme que es usted" opens; once the password or
 * a code is accepted the form sends its values again. Concurrent asks share one dialog.
 */
export function StepUpBoundary({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const waiting = useRef<((confirmed: boolean) => void)[]>([]);
  const ask = useCallback<StepUpHandler>(
    () =>
      new Promise<boolean>((resolve) => {
        waiting.current.push(resolve);
        setOpen(true);
      }),
    [],
  );
  const done = (confirmed: boolean) => {
    const resolvers = waiting.current;
    waiting.current = [];
    setOpen(false);
    for (const resolve of resolvers) resolve(confirmed);
  };
  return (
    <StepUpProvider value={ask}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <StepUpDialog onDone={done} />
        </Suspense>
      )}
    </StepUpProvider>
  );
}
