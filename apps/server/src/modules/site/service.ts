import fs from 'node:fs';
import type { SiteInfo } from '@roompilot/contract';
import type { Config } from '../../config.js';

// From src/modules/site or dist/modules/site alike, the server package's own package.json.
const packageJson = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export function createSiteService(config: Pick<Config, 'site'>) {
  const info: SiteInfo = {
    product: 'RoomPilot',
    version: packageJson.version,
    copyright: config.site.copyright,
    filing_number: config.site.filingNumber,
  };
  return { info: () => info };
}
export type SiteService = ReturnType<typeof createSiteService>;
