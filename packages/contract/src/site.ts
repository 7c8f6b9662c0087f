import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';

/** `GET /apis/site`, public: what the console shows before and around login (footer settings). */
export const SiteInfo = Type.Object({
  product: Type.String(),
  version: Type.String(),
  copyright: Type.String(),
  filing_number: Type.String(),
});
export type SiteInfo = Static<typeof SiteInfo>;

export const siteCalls = defineCalls('site', {
  info: {
    method: 'GET',
    path: '/site',
    access: 'public',
    write: false,
    hotelScoped: false,
    summary: 'Product, version and footer settings',
    response: SiteInfo,
  },
});
