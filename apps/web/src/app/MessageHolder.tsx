import { message } from 'antd';
import { useEffect } from 'react';
import type { MessageApi } from './feedback';

/** antd's message hook and its holder, in the app's ConfigProvider; hands its api over once mounted. */
export default function MessageHolder({ onReady }: { onReady: (api: MessageApi) => void }) {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    onReady({
      success: (content, duration) => void api.success(content, duration),
      error: (content, duration) => void api.error(content, duration),
      warning: (content, duration) => void api.warning(content, duration),
    });
  }, [api, onReady]);
  return holder;
}
