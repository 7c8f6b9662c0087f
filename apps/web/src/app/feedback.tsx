import type { MessageArgsProps } from 'antd';
import { createContext, lazy, type ReactNode, Suspense, useContext, useState } from 'react';

type Content = MessageArgsProps['content'];

/** The toasts the console shows: antd's `message`, with the app's theme and locale. */
export interface MessageApi {
  success(content: Content, durationSeconds?: number): void;
  error(content: Content, durationSeconds?: number): void;
  warning(content: Content, durationSeconds?: number): void;
}

type Toast = { kind: keyof MessageApi; content: Content; duration?: number };

const MessageContext = createContext<MessageApi | null>(null);

// antd's message and the notification list under it load right after the first render, not with it:
// the login page draws without them and a toast asked for before they arrive waits for them.
const MessageHolder = lazy(() => import('./MessageHolder'));

/** A toast api that queues until antd's message is there, then hands everything to it. */
function createMessageApi() {
  let target: MessageApi | null = null;
  const queue: Toast[] = [];
  const show = (toast: Toast) => {
    if (target) target[toast.kind](toast.content, toast.duration);
    else queue.push(toast);
  };
  return {
    api: {
      success: (content, duration) => show({ kind: 'success', content, duration }),
      error: (content, duration) => show({ kind: 'error', content, duration }),
      warning: (content, duration) => show({ kind: 'warning', content, duration }),
    } satisfies MessageApi,
    connect(next: MessageApi) {
      target = next;
      for (const toast of queue.splice(0)) show(toast);
    },
  };
}

/** Only `message` is set up here (not antd's `App`, which also bundles modal and notification). */
export function MessageProvider({ children }: { children: ReactNode }) {
  const [messages] = useState(createMessageApi);
  return (
    <MessageContext.Provider value={messages.api}>
      <Suspense fallback={null}>
        <MessageHolder onReady={messages.connect} />
      </Suspense>
      {children}
    </MessageContext.Provider>
  );
}

export function useMessage(): MessageApi {
  const api = useContext(MessageContext);
  if (!api) throw new Error('useMessage outside MessageProvider');
  return api;
}
