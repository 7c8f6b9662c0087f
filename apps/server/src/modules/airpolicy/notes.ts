import type { AcLimitNote, Language } from '@roompilot/contract';
import { translate } from '../../i18n.js';
import type { MessageKey } from '../../locales/types.js';

/** What the policy changed in a console's AC command, in the caller's language (one sentence per change). */
export function describeNotes(language: Language, notes: readonly AcLimitNote[]): string {
  return notes
    .map((note) => {
      const word = (value: string | number) =>
        note.field === 'set' ? String(value) : translate(language, `airpolicy.${note.field}.${value}` as MessageKey);
      return translate(language, `airpolicy.clamped.${note.field}`, {
        device: note.device,
        asked: word(note.asked),
        applied: word(note.applied),
        min: note.min ?? '',
        max: note.max ?? '',
      });
    })
    .join('; ');
}
