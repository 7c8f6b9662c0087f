// Component tests only (those in jsdom): the logic tests in node need none of it.
if (typeof window !== 'undefined') await import('./dom');

export {};
