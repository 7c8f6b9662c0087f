import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadStart } from './app/boot';
import { installGlobalErrorHandlers } from './app/errorLog';
import { initI18n } from './app/i18n';
import './app/global.css';

installGlobalErrorHandlers(window);
// The user info, the shell and the screen's chunk and data start now, while the language loads.
preloadStart(window.location);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

void initI18n().then((locale) => {
  createRoot(root).render(
    <StrictMode>
      <App locale={locale} />
    </StrictMode>,
  );
});
