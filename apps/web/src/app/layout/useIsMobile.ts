import { MOBILE_BREAKPOINT_PX } from '@roompilot/contract';
import { useSyncExternalStore } from 'react';

/** SPEC.md: under 1024 px width the layout is mobile. */
const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function subscribe(listener: () => void) {
  const media = window.matchMedia(query);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
