import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, test, vi } from 'vitest';
import type { RequestOptions } from './http';
import { createQueryClient, preloadQuery } from './queryClient';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A screen's query mounting: an observer with the screen's own call, subscribed. */
function mount(client: ReturnType<typeof createQueryClient>, queryKey: unknown[], queryFn: () => Promise<unknown>) {
  const observer = new QueryObserver(client, { queryKey, queryFn });
  const results: ReturnType<typeof observer.getCurrentResult>[] = [];
  const unsubscribe = observer.subscribe((result) => results.push(result));
  return { observer, results, unsubscribe };
}

describe('preloadQuery', () => {
  test('the screen mounting after a preload shows its answer without asking again', async () => {
    const client = createQueryClient();
    const preload = vi.fn(async (_options?: RequestOptions) => ['room 101']);
    await preloadQuery(client, { queryKey: ['rooms'], queryFn: preload });
    expect(preload).toHaveBeenCalledWith({ quiet: true });

    const screenCall = vi.fn(async () => ['room 101', 'room 102']);
    const { observer, unsubscribe } = mount(client, ['rooms'], screenCall);
    await flush();
    expect(screenCall).not.toHaveBeenCalled();
    expect(observer.getCurrentResult().data).toEqual(['room 101']);
    unsubscribe();
  });

  test('data the screen fetched itself is refreshed on the next mount, as before', async () => {
    const client = createQueryClient();
    const call = vi.fn(async () => 'answer');
    const first = mount(client, ['hotels'], call);
    await flush();
    first.unsubscribe();
    const second = mount(client, ['hotels'], call);
    await flush();
    expect(call).toHaveBeenCalledTimes(2);
    second.unsubscribe();
  });

  test('a preloaded answer older than the freshness window is refreshed on mount', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const client = createQueryClient();
      await preloadQuery(client, { queryKey: ['types'], queryFn: async () => 'old' });
      vi.setSystemTime(Date.now() + 60_000);
      const call = vi.fn(async () => 'new');
      const { unsubscribe } = mount(client, ['types'], call);
      await flush();
      expect(call).toHaveBeenCalledTimes(1);
      unsubscribe();
    } finally {
      vi.useRealTimers();
    }
  });

  test('a query that has data already is left to the screen', async () => {
    const client = createQueryClient();
    client.setQueryData(['buildings'], ['Tower']);
    const preload = vi.fn(async () => ['Annex']);
    expect(await preloadQuery(client, { queryKey: ['buildings'], queryFn: preload })).toBeUndefined();
    expect(preload).not.toHaveBeenCalled();
  });

  test('a failed preload is forgotten: the screen makes its own (reporting) call when it mounts', async () => {
    const client = createQueryClient();
    const preload = vi.fn(async () => {
      throw new Error('4403');
    });
    expect(await preloadQuery(client, { queryKey: ['validity'], queryFn: preload })).toBeUndefined();
    expect(client.getQueryCache().find({ queryKey: ['validity'] })).toBeUndefined();

    const screenCall = vi.fn(async () => {
      throw new Error('4403');
    });
    const { results, unsubscribe } = mount(client, ['validity'], screenCall);
    await flush();
    expect(screenCall).toHaveBeenCalledTimes(1);
    expect(results.at(-1)?.status).toBe('error');
    unsubscribe();
  });

  test('a preload failing while the screen watches it: the screen asks again with its own call', async () => {
    const client = createQueryClient();
    let fail: (error: Error) => void = () => {};
    const preload = vi.fn(
      () =>
        new Promise<string>((_resolve, reject) => {
          fail = reject;
        }),
    );
    const preloading = preloadQuery(client, { queryKey: ['air'], queryFn: preload });
    const screenCall = vi.fn(async () => 'from the screen');
    const { observer, unsubscribe } = mount(client, ['air'], screenCall);
    await flush();
    expect(screenCall).not.toHaveBeenCalled(); // it waits for the preload's answer
    fail(new Error('network'));
    await preloading;
    await flush();
    expect(screenCall).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult().data).toBe('from the screen');
    unsubscribe();
  });
});
