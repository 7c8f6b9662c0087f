import { CheckCircleOutlined, DisconnectOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** An RCU online or offline: the word with an icon of its own, never the colour alone. */
export function OnlineTag({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={online ? 'success' : 'default'}
      icon={online ? <CheckCircleOutlined aria-hidden /> : <DisconnectOutlined aria-hidden />}
    >
      {t(online ? 'live.online' : 'live.offline')}
    </Tag>
  );
}
