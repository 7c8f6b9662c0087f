import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { BOOT_WAIT_MS, preloadStart, settledWithin } from './app/boot';
import { installGlobalErrorHandlers } from './app/errorLog';
import { initI18n } from './app/i18n';
import './app/global.css';

installGlobalErrorHandlers(window);
// The user info, the shell and the screen's chunk and data start now, while the language loads;
// until they are in, index.html's spinner shows.
const preloaded = settledWithin(preloadStart(window.location), BOOT_WAIT_MS);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

void Promise.all([initI18n(), preloaded]).then(([locale]) => {
  createRoot(root).render(
    <StrictMode>
      <App locale={locale} />
    </StrictMode>,
  );
});
