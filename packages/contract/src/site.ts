import Type, { type Static } from 'typebox';

/** `GET /apis/site`, public: what the console shows before and around login (footer settings). */
export const SiteInfo = Type.Object({
  product: Type.String(),
  version: Type.String(),
  copyright: Type.String(),
  filing_number: Type.String(),
});
export type SiteInfo = Static<typeof SiteInfo>;
