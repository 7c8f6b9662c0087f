import { SafetyCertificateOutlined } from '@ant-design/icons';
import { RECOVERY_CODES_LOW, type TwoFactorProofBody, type TwoFactorSetup } from '@roompilot/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { QueryFailed } from '../../components/QueryFailed';
import { formatDateTime } from '../../lib/format';
import { ProofForm } from './ProofForm';
import { RecoveryCodeList } from './RecoveryCodeList';
import { TotpSetup } from './TotpSetup';
import './twofactor.css';

interface Props {
  userName: string;
  open: boolean;
  onClose: () => void;
}

type View =
  | { kind: 'status' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' }
  | { kind: 'regenerate' };

const STATUS_KEY = ['twoFactor', 'status'] as const;

/**
 * The user's own two-factor sign-in, from the user menu: turn it on (scan, confirm with a code,
 * keep the recovery codes), new recovery codes, turn it off (unless the hotel requires it).
 */
export function TwoFactorDialog({ userName, open, onClose }: Props) {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ kind: 'status' });
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: () => api.twoFactor.status(), enabled: open });
  const refresh = () => queryClient.invalidateQueries({ queryKey: STATUS_KEY });

  const setup = useMutation({
    mutationFn: () => api.twoFactor.setup(),
    onSuccess: (data) => setView({ kind: 'setup', setup: data }),
  });
  // Quiet: a refused code or password is told beside its field.
  const enable = useMutation({
    mutationFn: (code: string) => api.twoFactor.enable({ code }, { quiet: true }),
    onSuccess: ({ recovery_codes }) => {
      message.success(t('twofactor.turnedOn'));
      setView({ kind: 'codes', codes: recovery_codes });
      void refresh();
    },
  });
  const disable = useMutation({
    mutationFn: (proof: TwoFactorProofBody) => api.twoFactor.disable(proof, { quiet: true }),
    onSuccess: () => {
      message.success(t('twofactor.turnedOff'));
      setView({ kind: 'status' });
      void refresh();
    },
  });
  const regenerate = useMutation({
    mutationFn: (proof: TwoFactorProofBody) => api.twoFactor.regenerateRecovery(proof, { quiet: true }),
    onSuccess: ({ recovery_codes }) => {
      setView({ kind: 'codes', codes: recovery_codes });
      void refresh();
    },
  });

  const back = () => {
    for (const mutation of [enable, disable, regenerate]) mutation.reset();
    setView({ kind: 'status' });
  };

  const body = () => {
    if (view.kind === 'setup') {
      return (
        <TotpSetup
          setup={view.setup}
          pending={enable.isPending}
          error={enable.error?.message}
          confirmLabel={t('twofactor.confirm')}
          onConfirm={(code) => enable.mutate(code)}
        />
      );
    }
    if (view.kind === 'codes') {
      return (
        <>
          <RecoveryCodeList codes={view.codes} userName={userName} />
          <div className="rp-proof__actions">
            <Button type="primary" onClick={back}>
              {t('twofactor.saved')}
            </Button>
          </div>
        </>
      );
    }
    if (view.kind === 'disable') {
      return (
        <ProofForm
          call="twoFactor.disable"
          submitLabel={t('twofactor.turnOff')}
          confirmText={t('twofactor.turnOffConfirm')}
          danger
          pending={disable.isPending}
          error={disable.error?.message}
          onSubmit={(proof) => disable.mutate(proof)}
          onCancel={back}
        />
      );
    }
    if (view.kind === 'regenerate') {
      return (
        <>
          <Alert type="warning" showIcon title={t('twofactor.regenerateHelp')} className="rp-twofactor__note" />
          <ProofForm
            call="twoFactor.regenerateRecovery"
            submitLabel={t('twofactor.regenerate')}
            pending={regenerate.isPending}
            error={regenerate.error?.message}
            onSubmit={(proof) => regenerate.mutate(proof)}
            onCancel={back}
          />
        </>
      );
    }
    if (status.isPending) return <Spin className="rp-twofactor__loading" />;
    if (status.isError) {
      return <QueryFailed error={status.error} onRetry={() => void status.refetch()} retrying={status.isFetching} />;
    }
    const { enabled, required, enabled_at, recovery_codes_left } = status.data;
    return (
      <div className="rp-twofactor">
        <p className="rp-twofactor__state">
          <SafetyCertificateOutlined />
          <Tag color={enabled ? 'success' : 'default'}>{t(enabled ? 'twofactor.statusOn' : 'twofactor.statusOff')}</Tag>
        </p>
        <p className="rp-twofactor__intro">{t('twofactor.intro')}</p>
        {required && (
          <Alert
            type="info"
            showIcon
            className="rp-twofactor__note"
            title={t(enabled ? 'twofactor.requiredNote' : 'twofactor.requiredOffNote')}
          />
        )}
        {enabled ? (
          <>
            <dl className="rp-twofactor__facts">
              {enabled_at && (
                <>
                  <dt>{t('twofactor.enabledAt')}</dt>
                  <dd>{formatDateTime(enabled_at)}</dd>
                </>
              )}
              <dt>{t('twofactor.recoveryLeft')}</dt>
              <dd>{recovery_codes_left}</dd>
            </dl>
            {recovery_codes_left <= RECOVERY_CODES_LOW && (
              <Alert type="warning" showIcon className="rp-twofactor__note" title={t('twofactor.recoveryLow')} />
            )}
            <div className="rp-proof__actions">
              <Button data-call="twoFactor.regenerateRecovery" onClick={() => setView({ kind: 'regenerate' })}>
                {t('twofactor.regenerate')}
              </Button>
              {!required && (
                <Button danger data-call="twoFactor.disable" onClick={() => setView({ kind: 'disable' })}>
                  {t('twofactor.turnOff')}
                </Button>
              )}
            </div>
          </>
        ) : (
          <div className="rp-proof__actions">
            <Button type="primary" data-call="twoFactor.setup" loading={setup.isPending} onClick={() => setup.mutate()}>
              {t('twofactor.turnOn')}
            </Button>
          </div>
        )}
      </div>
    );
  };

  return (
    <Modal
      title={t(view.kind === 'codes' ? 'twofactor.recoveryTitle' : 'twofactor.title')}
      open={open}
      onCancel={onClose}
      footer={null}
      width={480}
      maskClosable={view.kind !== 'codes'}
      afterClose={back}
      destroyOnHidden
    >
      {body()}
    </Modal>
  );
}
