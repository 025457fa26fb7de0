/** Store, theme (in the visitor's language), baseline CSS and toasts: what every screen sits in. */
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { AlertsToaster } from '../features/alerts/components/AlertsToaster';
import { ToastsProvider } from '../features/alerts/toasts';
import { useLocale } from './i18n';
import type { AppStore } from './store';
import { COLOR_SCHEME_KEY } from './color-scheme';
import { makeTheme } from './theme';

function Themed({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const theme = makeTheme(locale);
  return (
    // noSsr: the stored or system scheme is read before the first render and set on <html> in a
    // layout effect, so the first paint is already in it (without it MUI waits one more render).
    <ThemeProvider theme={theme} modeStorageKey={COLOR_SCHEME_KEY} noSsr>
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
