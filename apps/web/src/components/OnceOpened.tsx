import { type ReactNode, useState } from 'react';

/**
 * A dialog mounted at its first opening and kept from then on (its closing animation, its form's
 * values between openings, as before). A screen's closed dialogs were drawn with the screen at
 * every load; the rooms screen's four took ~12 ms of its first draw (forms, selects, watchers).
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? children : null;
}
