import type { Plugin } from 'vite';

const ID = 'virtual:call-routes';
const RESOLVED = `\0${ID}`;

/**
 * `virtual:call-routes`: the method and path of every call of the contract's table, read from
 * the built contract at build time. The console calls the API through them (src/app/api.ts)
 * without shipping the table's schemas and their library to the browser. Its named export
 * `access` holds who may make each call (by `domain.name`): the console offers an action only
 * to a user the server would let make its call (src/app/permissions.ts).
 */
export function callRoutes(): Plugin {
  return {
    name: 'roompilot-call-routes',
    resolveId: (source) => (source === ID ? RESOLVED : null),
    async load(id) {
      if (id !== RESOLVED) return null;
      const contract = await import('@roompilot/contract').catch((error: unknown) => {
        throw new Error(`The console reads the table of calls from the built contract: run "npx tsc -b" (${error})`);
      });
      return [
        `export default ${JSON.stringify(contract.routesOf(contract.CALLS))};`,
        `export const access = ${JSON.stringify(contract.accessOf(contract.CALLS))};`,
      ].join('\n');
    },
  };
}
