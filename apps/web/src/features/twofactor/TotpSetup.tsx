import type { TwoFactorSetup } from '@roompilot/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/SubmitButton';
import { CodeField } from './CodeField';
import { QrCode } from './QrCode';

interface Props {
  setup: TwoFactorSetup;
  /** Confirms with the first code; rejects with the server's words when it is wrong. */
  onConfirm: (code: string) => void;
  pending: boolean;
  /** Why the last code was refused. */
  error?: string;
  confirmLabel: string;
}

/** The secret in groups of four, as people copy it into an app. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Scan the QR code (or type the secret), then confirm with the app's first code. */
export function TotpSetup({ setup, onConfirm, pending, error, confirmLabel }: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ok = /^\d{6}$/.test(code);
    setMissing(!ok);
    if (ok) onConfirm(code);
  };

  return (
    <form className="rp-totp" onSubmit={submit} noValidate>
      <p className="rp-totp__step">{t('twofactor.scanStep')}</p>
      <div className="rp-totp__qr">
        <QrCode value={setup.otpauth_url} label={t('twofactor.qrLabel')} />
      </div>
      <p className="rp-totp__hint">{t('twofactor.secretStep')}</p>
      <dl className="rp-totp__facts">
        <dt>{t('twofactor.accountLabel')}</dt>
        <dd>
          {setup.issuer}: {setup.account}
        </dd>
        <dt>{t('twofactor.secretLabel')}</dt>
        <dd>
          <code className="rp-totp__secret" data-secret={setup.secret}>
            {groupedSecret(setup.secret)}
          </code>
        </dd>
      </dl>
      <p className="rp-totp__step">{t('twofactor.codeStep')}</p>
      <CodeField
        id="totp_code"
        label={t('twofactor.code')}
        value={code}
        onChange={setCode}
        digitsOnly
        error={missing ? t('twofactor.codeRequired') : error}
      />
      <SubmitButton pending={pending}>{confirmLabel}</SubmitButton>
    </form>
  );
}
