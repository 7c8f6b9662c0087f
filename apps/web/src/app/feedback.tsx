import { message } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';

type MessageApi = ReturnType<typeof message.useMessage>[0];

const MessageContext = createContext<MessageApi | null>(null);

/**
 * antd's toasts with the app's theme and locale. Only `message` is set up here (not antd's `App`,
 * which also bundles modal and notification into the first page the browser loads).
 */
export function MessageProvider({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage();
  return (
    <MessageContext.Provider value={api}>
      {holder}
      {children}
    </MessageContext.Provider>
  );
}

export function useMessage(): MessageApi {
  const api = useContext(MessageContext);
  if (!api) throw new Error('useMessage outside MessageProvider');
  return api;
}
