import { LoadingOutlined } from '@ant-design/icons';
import { ErrorCode, type LoginEnrolled } from '@roompilot/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { ApiError } from '../../app/http';
import { RecoveryCodeList } from './RecoveryCodeList';
import { TotpSetup } from './TotpSetup';
import './twofactor.css';

interface Props {
  challenge: string;
  userName: string;
  /** Set up: the session's token, once the user has seen its recovery codes. */
  onEnter: (token: string) => void;
  /** The challenge is over (expired, used): back to the password, with why. */
  onRestart: (reason: string) => void;
}

const expired = (error: unknown) => error instanceof ApiError && error.code === ErrorCode.unauthenticated;

/**
 * The login's set-up step, for a user of a hotel that requires two-factor sign-in: scan, confirm
 * with a code, keep the recovery codes, then enter. Plain elements in the login card's style.
 */
export default function LoginEnrol({ challenge, userName, onEnter, onRestart }: Props) {
  const { t } = useTranslation();
  const [enrolled, setEnrolled] = useState<LoginEnrolled | null>(null);
  // Quiet: every refusal is told on the card itself.
  const setup = useQuery({
    queryKey: ['loginEnrol', challenge],
    queryFn: () => api.auth.loginEnrolSetup({ challenge }, { quiet: true }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const enable = useMutation({
    mutationFn: (code: string) => api.auth.loginEnrolEnable({ challenge, code }, { quiet: true }),
    onSuccess: setEnrolled,
  });
  const failure = setup.error ?? enable.error;
  useEffect(() => {
    if (expired(failure)) onRestart((failure as Error).message);
  }, [failure, onRestart]);

  if (enrolled) {
    return (
      <div className="rp-login__step">
        <h2 className="rp-login__step-title">{t('twofactor.recoveryTitle')}</h2>
        <RecoveryCodeList codes={enrolled.recovery_codes} userName={userName} />
        <button
          type="button"
          className="rp-button rp-button--primary rp-button--large rp-button--block rp-login__enter"
          onClick={() => onEnter(enrolled.token)}
        >
          {t('twofactor.saved')}
        </button>
      </div>
    );
  }
  return (
    <div className="rp-login__step">
      <h2 className="rp-login__step-title">{t('twofactor.enrolTitle')}</h2>
      <p className="rp-login__step-help">{t('twofactor.enrolIntro')}</p>
      {setup.isPending && (
        <p className="rp-login__step-help" role="status">
          <LoadingOutlined /> {t('twofactor.enrolLoading')}
        </p>
      )}
      {setup.isError && !expired(setup.error) && (
        <div className="rp-field__error" role="alert">
          {setup.error.message}
        </div>
      )}
      {setup.data && (
        <TotpSetup
          setup={setup.data}
          pending={enable.isPending}
          error={enable.error && !expired(enable.error) ? enable.error.message : undefined}
          confirmLabel={t('twofactor.confirm')}
          onConfirm={(code) => enable.mutate(code)}
        />
      )}
    </div>
  );
}
