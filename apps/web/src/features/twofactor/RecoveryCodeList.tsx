import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../app/feedback';
import { saveFile } from '../../lib/saveFile';

interface Props {
  codes: readonly string[];
  /** Whose codes they are: written at the top of the downloaded file. */
  userName: string;
}

export const RECOVERY_FILE_NAME = 'roompilot-recovery-codes.txt';

/** The recovery codes, shown this once, with copy and download. */
export function RecoveryCodeList({ codes, userName }: Props) {
  const { t } = useTranslation();
  const message = useMessage();
  const text = [t('twofactor.fileHeader', { user: userName }), '', ...codes, ''].join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      message.success(t('twofactor.copied'));
    } catch {
      message.error(t('twofactor.copyFailed'));
    }
  };

  return (
    <div className="rp-recovery">
      <p className="rp-recovery__help">{t('twofactor.recoveryHelp')}</p>
      <ol className="rp-recovery__codes" aria-label={t('twofactor.recoveryTitle')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="rp-recovery__actions">
        <button type="button" className="rp-button" onClick={() => void copy()}>
          <CopyOutlined />
          {t('twofactor.copy')}
        </button>
        <button
          type="button"
          className="rp-button"
          onClick={() => saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), RECOVERY_FILE_NAME)}
        >
          <DownloadOutlined />
          {t('twofactor.download')}
        </button>
      </div>
    </div>
  );
}
