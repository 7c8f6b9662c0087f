import { ExclamationCircleFilled } from '@ant-design/icons';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** SPEC.md section 8: the dialog after codes 4401/4433, loaded only when it is needed. */
export default function LogoutConfirm({ onChoice }: { onChoice: (logIn: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      width={416}
      title={
        <span className="rp-confirm__title">
          <ExclamationCircleFilled className="rp-confirm__icon" />
          {t('auth.logoutTitle')}
        </span>
      }
      okText={t('auth.loginAgain')}
      cancelText={t('common.cancel')}
      onOk={() => onChoice(true)}
      onCancel={() => onChoice(false)}
      closable={false}
      maskClosable={false}
    >
      <p className="rp-confirm__content">{t('auth.logoutContent')}</p>
    </Modal>
  );
}
