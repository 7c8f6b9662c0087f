import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Descriptions, Empty, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearErrorLog, useErrorLog } from '../errorLog';

/** Shown only when uncaught errors were collected; opens the error-log dialog. */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const entries = useErrorLog();
  const [open, setOpen] = useState(false);
  if (entries.length === 0 && !open) return null;

  return (
    <>
      <Badge count={entries.length} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          danger
          icon={<BugOutlined />}
          aria-label={t('layout.errorLog')}
          title={t('layout.errorLog')}
          onClick={() => setOpen(true)}
        />
      </Badge>
      <Modal
        title={t('layout.errorLog')}
        open={open}
        width={800}
        onCancel={() => setOpen(false)}
        footer={[
          <Button
            key="clear"
            onClick={() => {
              clearErrorLog();
              setOpen(false);
            }}
          >
            {t('layout.errorLogClear')}
          </Button>,
          <Button key="close" type="primary" onClick={() => setOpen(false)}>
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
                  { key: 'time', label: t('layout.errorTime'), children: new Date(entry.time).toLocaleString() },
                ]}
              />
            ))}
          </div>
        )}
      </Modal>
    </>
  );
}
