import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import type { CallId, RoomFileFormat } from '@roompilot/contract';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadedFile } from '../../app/http';
import { saveFile } from '../../lib/saveFile';

interface Props {
  call: CallId;
  /** Downloads the filtered log in the format chosen. */
  download: (format: RoomFileFormat) => Promise<DownloadedFile>;
  /** The file's name when the server gives none (without the extension). */
  fallbackName: string;
}

/** Export as CSV or Excel, the list's filters applied (the server refuses a log too long: its message is shown). */
export function ExportMenu({ call, download, fallbackName }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (format: RoomFileFormat) => {
    setBusy(true);
    try {
      const file = await download(format);
      saveFile(file.blob, file.fileName || `${fallbackName}.${format}`);
    } catch {
      // The http client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'csv', label: <span data-call={call}>{t('logs.exportCsv')}</span> },
          { key: 'xlsx', label: <span data-call={call}>{t('logs.exportExcel')}</span> },
        ],
        onClick: ({ key }) => void run(key as RoomFileFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        {t('logs.export')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
