import { ERROR_TOAST_MS } from '@roompilot/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';
import { MessageProvider, useMessage } from './feedback';
import { connectHttpUi } from './http';
import { type AntdLocale, takeLanguageSwitched } from './i18n';
import { queryClient } from './queryClient';
import { AppRoutes } from './routes';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1668dc',
    borderRadius: 6,
    colorBgLayout: '#f3f5f9',
    // Text at least 4.5:1 against its background (WCAG AA; checked by e2e/tests/a11y): antd's
    // defaults for links, errors, success tags, secondary text and placeholders are lighter.
    colorLink: '#1668dc',
    colorInfo: '#1668dc',
    colorError: '#cf1322',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.57)',
  },
  components: {
    // Status tags (online, results, validity, the last known state) in colours that read.
    Tag: {
      colorSuccess: '#237804',
      colorWarning: '#ad4e00',
      colorWarningBg: '#fff7e6',
      colorWarningBorder: '#ffd591',
    },
    Layout: { siderBg: '#0f1d35', headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 16px' },
    Menu: {
      darkItemBg: '#0f1d35',
      darkSubMenuItemBg: '#0a1628',
      darkPopupBg: '#0f1d35',
      darkItemSelectedBg: '#1668dc',
    },
  },
};

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
    <ConfigProvider locale={locale} theme={theme} button={{ autoInsertSpace: false }}>
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
