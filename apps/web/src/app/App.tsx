import { ERROR_TOAST_MS } from '@roompilot/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';
import { MessageProvider, useMessage } from './feedback';
import { connectHttpUi } from './http';
import { type AntdLocale, takeLanguageSwitched } from './i18n';
import { queryClient } from './queryClient';
import { AppRoutes } from './routes';
import { sessionEndedHere, useToken } from './session';
import { runtimeTheme } from './theme';

const THEME = runtimeTheme();

const LogoutConfirm = lazy(() => import('./LogoutConfirm'));

/** Gives the http client the toast and the logout dialog, which need the app's context. */
function HttpUiBridge() {
  const message = useMessage();
  const { t } = useTranslation();
  const [pendingChoice, setPendingChoice] = useState<((logIn: boolean) => void) | null>(null);
  useEffect(() => {
    connectHttpUi({
      showError: (text) => {
        message.error(text, ERROR_TOAST_MS / 1000);
      },
      confirmLogout: () => new Promise<boolean>((resolve) => setPendingChoice(() => resolve)),
    });
    if (takeLanguageSwitched()) message.success(t('common.languageSwitched'));
  }, [message, t]);

  // The page ended the session itself meanwhile (a password change, the user info failing): there
  // is nothing left to log in to again from here, and the login page is on its way.
  const token = useToken();
  useEffect(() => {
    if (pendingChoice && token === undefined && sessionEndedHere()) {
      setPendingChoice(null);
      pendingChoice(false);
    }
  }, [pendingChoice, token]);

  if (!pendingChoice) return null;
  return (
    <Suspense fallback={null}>
      <LogoutConfirm
        onChoice={(logIn) => {
          setPendingChoice(null);
          pendingChoice(logIn);
        }}
      />
    </Suspense>
  );
}

export function App({ locale }: { locale: AntdLocale }) {
  return (
    <ConfigProvider locale={locale} theme={THEME} button={{ autoInsertSpace: false }}>
      <MessageProvider>
        <ErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <HttpUiBridge />
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </QueryClientProvider>
        </ErrorBoundary>
      </MessageProvider>
    </ConfigProvider>
  );
}
