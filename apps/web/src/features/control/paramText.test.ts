import { LANGUAGES, RCU_PARAMS } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';

describe('RCU parameter labels', () => {
  it('name every parameter of the contract, and every value of its choices, in every language', async () => {
    for (const language of LANGUAGES) {
      const messages: Record<string, string> = (await import(`../../locales/${language}/control.ts`)).default;
      for (const [key, spec] of Object.entries(RCU_PARAMS)) {
        expect(messages[`control.param.${key}`], `${language} ${key}`).toBeTruthy();
        if (spec.type !== 'enum') continue;
        for (const value of spec.values) {
          expect(messages[`control.paramValue.${key}.${value}`], `${language} ${key}=${value}`).toBeTruthy();
        }
      }
    }
  });
});
