import { Button, Descriptions, Empty, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { clearErrorLog, type ErrorLogEntry } from '../errorLog';

/** The uncaught errors collected in this tab, newest first, with a button that clears them. */
export default function ErrorLogDialog({
  open,
  entries,
  onClose,
}: {
  open: boolean;
  entries: readonly ErrorLogEntry[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('layout.errorLog')}
      open={open}
      width={800}
      onCancel={onClose}
      footer={[
        <Button
          key="clear"
          onClick={() => {
            clearErrorLog();
            onClose();
          }}
        >
          {t('layout.errorLogClear')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('common.ok')}
        </Button>,
      ]}
    >
      {entries.length === 0 ? (
        <Empty description={t('common.empty')} />
      ) : (
        <div className="rp-errorlog">
          {[...entries].reverse().map((entry) => (
            <Descriptions
              key={entry.id}
              size="small"
              column={1}
              bordered
              className="rp-errorlog__entry"
              items={[
                { key: 'message', label: t('layout.errorMessage'), children: entry.message },
                { key: 'info', label: t('layout.errorInfo'), children: <pre>{entry.info}</pre> },
                { key: 'url', label: t('layout.errorUrl'), children: entry.url },
                { key: 'stack', label: t('layout.errorStack'), children: <pre>{entry.stack}</pre> },
                { key: 'time', label: t('layout.errorTime'), children: formatDateTime(entry.time, { seconds: true }) },
              ]}
            />
          ))}
        </div>
      )}
    </Modal>
  );
}
