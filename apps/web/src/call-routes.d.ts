declare module 'virtual:call-routes' {
  const routes: import('@roompilot/contract').CallRoutes;
  export default routes;
}
