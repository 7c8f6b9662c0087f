import { type ComponentType, lazy, useState } from 'react';

type Load<P> = () => Promise<{ default: ComponentType<P> }>;

export interface Preloadable<P> {
  /** Renders the module's component: at once when its chunk is there, else through React.lazy. */
  Component: ComponentType<P>;
  /** Loads the chunk once (a failed load is tried again by the next call). */
  load: Load<P>;
}

/**
 * A lazily loaded component that renders at once when its chunk has already loaded (a preload).
 * React.lazy suspends on its first render even then (its promise settles a microtask later), and
 * a Suspense fallback shown at that moment holds back the reveal of everything that resolves in
 * the next 300 ms (React's fallback throttle): a full load waited that long with its data in hand.
 * `onFirstLazyRender` runs when the chunk is first asked for by a render rather than a preload.
 */
export function preloadable<P extends object>(load: Load<P>, onFirstLazyRender?: () => void): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: ReturnType<Load<P>> | undefined;
  const loadOnce: Load<P> = () => {
    if (!loading) {
      loading = load().then((module) => {
        loaded = module.default;
        return module;
      });
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };
  const Lazy = lazy(() => {
    onFirstLazyRender?.();
    return loadOnce();
  });
  function Component(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the module would remount the screen.
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  return { Component, load: loadOnce };
}
