/** Store, theme (in the visitor's language), baseline CSS and toasts: what every screen sits in. */
import { useMemo, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { TOASTS } from '@gestion/shared';
import { AlertsToaster } from '../features/alerts/components/AlertsToaster';
import { DraggableSnackbar } from '../features/alerts/components/DraggableSnackbar';
import { useLocale } from './i18n';
import type { AppStore } from './store';
import { makeTheme } from './theme';

const toastComponents = {
  default: DraggableSnackbar,
  success: DraggableSnackbar,
  error: DraggableSnackbar,
  warning: DraggableSnackbar,
  info: DraggableSnackbar,
};

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
        <SnackbarProvider
          anchorOrigin={TOASTS.anchor}
          autoHideDuration={TOASTS.autoHideMs}
          maxSnack={TOASTS.maxSnack}
          Components={toastComponents}
        >
          <AlertsToaster />
          {children}
        </SnackbarProvider>
      </Themed>
    </ReduxProvider>
  );
}
