/** Store, theme (in the visitor's language), baseline CSS and toasts: what every screen sits in. */
import { useMemo, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { AlertsToaster } from '../features/alerts/components/AlertsToaster';
import { ToastsProvider } from '../features/alerts/toasts';
import { useLocale } from './i18n';
import type { AppStore } from './store';
import { makeTheme } from './theme';

function Themed({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const theme = useMemo(() => makeTheme(locale), [locale]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <Themed>
        {/* notistack loads with the first toast, not with the first paint (toasts.tsx). */}
        <ToastsProvider>
          <AlertsToaster />
          {children}
        </ToastsProvider>
      </Themed>
    </ReduxProvider>
  );
}
