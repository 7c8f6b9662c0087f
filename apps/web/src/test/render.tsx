import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import i18next from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { MessageProvider } from '../app/feedback';

const ENGLISH = import.meta.glob<Record<string, string>>('../locales/en/*.ts', { eager: true, import: 'default' });

/** i18next as the app sets it up (i18n.ts), in English with every area loaded at once. */
const ready = i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: false,
  resources: { en: { translation: Object.assign({}, ...Object.values(ENGLISH)) } },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Renders a screen's piece inside what the app gives it: strings, toasts, a query cache and a router. */
export async function renderInApp(ui: ReactElement): Promise<RenderResult & { queryClient: QueryClient }> {
  await ready;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    // Without motion: jsdom ends no animation, so a closed dialog would stay in the page.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <MessageProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>{children}</MemoryRouter>
        </QueryClientProvider>
      </MessageProvider>
    </ConfigProvider>
  );
  return Object.assign(render(ui, { wrapper }), { queryClient });
}
