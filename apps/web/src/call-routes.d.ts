declare module 'virtual:call-routes' {
  type Calls = import('@roompilot/contract').Calls;
  type CallRoute = import('@roompilot/contract').CallRoute;
  /** The method and path of every call of the table, by domain and name. */
  const routes: { readonly [Domain in keyof Calls]: { readonly [Name in keyof Calls[Domain]['calls']]: CallRoute } };
  export default routes;
  /** Who may make each call, by `domain.name`. */
  export const access: {
    readonly [Id in import('@roompilot/contract').CallId]: import('@roompilot/contract').CallAccess;
  };
}
