import { LockOutlined } from '@ant-design/icons';
import type { TwoFactorProofBody } from '@roompilot/contract';
import { Button, Popconfirm, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from './CodeField';

interface Props {
  /** What the proof unlocks: the button's words. */
  submitLabel: string;
  /** Asked to confirm before it goes (turning off). */
  confirmText?: string;
  danger?: boolean;
  pending: boolean;
  /** Why the last proof was refused (the server's words). */
  error?: string;
  onSubmit: (proof: TwoFactorProofBody) => void;
  onCancel: () => void;
  call: string;
}

/** The user proves itself again: a current code (or recovery code), or its password. */
export function ProofForm({ submitLabel, confirmText, danger, pending, error, onSubmit, onCancel, call }: Props) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'code' | 'password'>('code');
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const filled = () => {
    const given = value.trim() !== '';
    setMissing(!given);
    return given;
  };
  const submit = () => {
    setConfirming(false);
    onSubmit(kind === 'code' ? { code: value.trim() } : { password: value });
  };
  const button = (
    <Button
      type="primary"
      danger={danger}
      loading={pending}
      data-call={call}
      onClick={() => {
        if (!filled()) return;
        if (confirmText) setConfirming(true);
        else submit();
      }}
    >
      {submitLabel}
    </Button>
  );
  const shownError = missing
    ? t(kind === 'code' ? 'twofactor.proofCodeRequired' : 'twofactor.passwordRequired')
    : error;

  return (
    <div className="rp-proof">
      <p>{t('twofactor.proofHelp')}</p>
      <Segmented<'code' | 'password'>
        block
        value={kind}
        onChange={(next) => {
          setKind(next);
          setValue('');
          setMissing(false);
        }}
        options={[
          { value: 'code', label: t('twofactor.proofCode') },
          { value: 'password', label: t('twofactor.proofPassword') },
        ]}
      />
      <div className="rp-proof__field">
        {kind === 'code' ? (
          <CodeField
            id="proof_code"
            label={t('twofactor.proofCode')}
            value={value}
            onChange={setValue}
            error={shownError}
          />
        ) : (
          <div className="rp-field">
            <label className="rp-input" data-status={shownError ? 'error' : undefined}>
              <span className="rp-input__prefix">
                <LockOutlined />
              </span>
              <input
                id="proof_password"
                type="password"
                value={value}
                placeholder={t('twofactor.proofPassword')}
                aria-label={t('twofactor.proofPassword')}
                aria-invalid={Boolean(shownError)}
                aria-describedby="proof_password_error"
                autoComplete="current-password"
                maxLength={128}
                onChange={(event) => setValue(event.target.value)}
              />
            </label>
            <div id="proof_password_error" className="rp-field__error" role={shownError ? 'alert' : undefined}>
              {shownError}
            </div>
          </div>
        )}
      </div>
      <div className="rp-proof__actions">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        {confirmText ? (
          <Popconfirm
            open={confirming}
            onOpenChange={(open) => {
              if (!open) setConfirming(false);
            }}
            title={confirmText}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger }}
            onConfirm={submit}
          >
            {button}
          </Popconfirm>
        ) : (
          button
        )}
      </div>
    </div>
  );
}
