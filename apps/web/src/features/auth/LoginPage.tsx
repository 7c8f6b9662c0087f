import { LoadingOutlined, LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { ErrorCode, type LoginBody, type LoginCodeToken, RECOVERY_CODES_LOW } from '@roompilot/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { ApiError } from '../../app/http';
import { withStrings } from '../../app/i18n';
import { SiteFooter } from '../../app/SiteFooter';
import { setToken } from '../../app/session';
import { PRODUCT_NAME, useSite } from '../../app/site';
import { SubmitButton } from '../../components/SubmitButton';
import type { MessageKey } from '../../locales/types';
import { LanguageLinks } from './LanguageLinks';

type Field = 'user_name' | 'password';

/** After the password: nothing more, a code (two-factor sign-in on), or setting it up (the hotel requires it). */
type Step = { kind: 'password' } | { kind: 'code' | 'enrol'; challenge: string };

/** Setting up at login: the QR code and its strings load only for the users who need them. */
const LoginEnrol = lazy(withStrings(['twofactor'], () => import('../twofactor/LoginEnrol')));

interface FieldProps {
  id: string;
  type: 'text' | 'password';
  maxLength?: number;
  icon: ReactNode;
  label: string;
  autoComplete: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}

/** An input styled like antd's large Input, with its error line below. */
function Field({ id, icon, label, error, onChange, ...input }: FieldProps) {
  return (
    <div className="rp-field">
      <label className="rp-input" data-status={error ? 'error' : undefined}>
        <span className="rp-input__prefix">{icon}</span>
        <input
          id={id}
          name={id.replace('login_', '')}
          placeholder={label}
          aria-label={label}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}_error`}
          onChange={(event) => onChange(event.target.value)}
          {...input}
        />
      </label>
      <div id={`${id}_error`} className="rp-field__error" role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}

/**
 * The login page: plain inputs, form and button. antd's Input and Form pull in its whole form
 * engine (validator, grid, tooltip) and its Button brings the wave effect and the colour presets;
 * the first page stays well inside its 200 KB budget without them.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const { data: site } = useSite();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, MessageKey>>>({});
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  /** Why the user is back at the password (its second step expired). */
  const [notice, setNotice] = useState<string>();
  // With the token stored, the guard takes a signed-in user from /login to `?redirect=` (or /).
  const login = useMutation({
    mutationFn: (body: LoginBody) => api.auth.login({ ...body, user_name: body.user_name.trim() }),
    onSuccess: (data) => {
      if ('token' in data) {
        setToken(data.token);
        return;
      }
      setNotice(undefined);
      setCode('');
      setCodeError(undefined);
      setStep({ kind: data.two_factor, challenge: data.challenge });
    },
  });
  const restart = useCallback((reason?: string) => {
    setStep({ kind: 'password' });
    setPassword('');
    setNotice(reason);
  }, []);
  // Signed in with a recovery code: how many are left, and when few, to make new ones (a toast
  // that stays a while, as the page goes on to the console).
  const tellRecoveryCodesLeft = ({ recovery_codes_left: left }: LoginCodeToken) => {
    if (left === undefined) return;
    const text = t('auth.recoveryCodesLeft', { count: left });
    if (left > RECOVERY_CODES_LOW) message.success(text, 8);
    else message.warning(`${text} ${t('auth.recoveryCodesLow')}`, 15);
  };
  // Quiet: a wrong code is told under the field; an expired step goes back to the password.
  const verify = useMutation({
    mutationFn: (body: { challenge: string; code: string }) => api.auth.loginCode(body, { quiet: true }),
    onSuccess: (answer) => {
      tellRecoveryCodesLeft(answer);
      setToken(answer.token);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === ErrorCode.unauthenticated) restart(error.message);
      else setCodeError(error.message);
    },
  });

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'code') return;
    if (!code.trim()) {
      setCodeError(t('auth.codeRequired'));
      return;
    }
    setCodeError(undefined);
    verify.mutate({ challenge: step.challenge, code: code.trim() });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, MessageKey>> = {};
    if (!userName.trim()) found.user_name = 'auth.userNameRequired';
    if (!password) found.password = 'auth.passwordRequired';
    setErrors(found);
    if (Object.keys(found).length === 0) login.mutate({ user_name: userName.trim(), password });
  };

  const userNameError = errors.user_name && t(errors.user_name);
  const passwordError = errors.password && t(errors.password);
  return (
    <div className="rp-login">
      <div className="rp-login__language">
        <LanguageLinks />
      </div>
      <main className="rp-login__card">
        <div className="rp-login__brand">
          <img src="/favicon.svg" alt="" width={48} height={48} />
          <h1 className="rp-login__product">{site?.product || PRODUCT_NAME}</h1>
          <p className="rp-login__subtitle">{t('auth.subtitle')}</p>
        </div>
        {step.kind === 'password' && (
          <form className="rp-login__form" onSubmit={submit} noValidate>
            {notice && (
              <div className="rp-field__error rp-login__notice" role="alert">
                {notice}
              </div>
            )}
            <Field
              id="login_user_name"
              type="text"
              icon={<UserOutlined />}
              label={t('auth.userName')}
              autoComplete="username"
              autoFocus
              value={userName}
              error={userNameError}
              onChange={setUserName}
            />
            <Field
              id="login_password"
              type="password"
              icon={<LockOutlined />}
              label={t('auth.password')}
              autoComplete="current-password"
              value={password}
              error={passwordError}
              onChange={setPassword}
            />
            <SubmitButton pending={login.isPending}>{t('auth.login')}</SubmitButton>
          </form>
        )}
        {step.kind === 'code' && (
          <form className="rp-login__form" onSubmit={submitCode} noValidate>
            <h2 className="rp-login__step-title">{t('auth.codeTitle')}</h2>
            <p className="rp-login__step-help">{t('auth.codeHelp')}</p>
            <Field
              id="login_code"
              type="text"
              icon={<SafetyCertificateOutlined />}
              label={t('auth.code')}
              autoComplete="one-time-code"
              maxLength={32}
              autoFocus
              value={code}
              error={codeError}
              onChange={setCode}
            />
            <SubmitButton pending={verify.isPending}>{t('auth.verify')}</SubmitButton>
            <button
              type="button"
              className="rp-button rp-button--text rp-button--block rp-login__back"
              onClick={() => restart()}
            >
              {t('auth.backToPassword')}
            </button>
          </form>
        )}
        {step.kind === 'enrol' && (
          <Suspense
            fallback={
              <p className="rp-login__step-help" role="status">
                <LoadingOutlined />
              </p>
            }
          >
            <LoginEnrol challenge={step.challenge} userName={userName.trim()} onEnter={setToken} onRestart={restart} />
          </Suspense>
        )}
      </main>
      <SiteFooter className="rp-login__footer" />
    </div>
  );
}
