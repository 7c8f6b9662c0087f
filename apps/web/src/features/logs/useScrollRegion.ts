import { type RefObject, useEffect } from 'react';

/**
 * A log table wider than a phone scrolls inside its box, and its rows hold nothing to focus: the
 * scrolling box itself takes the keyboard focus (and says what it holds), so that it can be
 * scrolled without a mouse.
 */
export function useScrollRegion(box: RefObject<HTMLElement | null>, label: string): void {
  useEffect(() => {
    const region = box.current?.querySelector<HTMLElement>('.ant-table-content');
    if (!region) return;
    region.tabIndex = 0;
    region.setAttribute('role', 'region');
    region.setAttribute('aria-label', label);
  });
}
