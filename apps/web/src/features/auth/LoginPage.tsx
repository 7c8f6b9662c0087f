import { LoadingOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginBody } from '@roompilot/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { SiteFooter } from '../../app/SiteFooter';
import { setToken } from '../../app/session';
import { PRODUCT_NAME, useSite } from '../../app/site';
import type { MessageKey } from '../../locales/types';
import { LanguageLinks } from './LanguageLinks';

type Field = 'user_name' | 'password';

interface FieldProps {
  id: string;
  type: 'text' | 'password';
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
  const { data: site } = useSite();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, MessageKey>>>({});
  // With the token stored, the guard takes a signed-in user from /login to `?redirect=` (or /).
  const login = useMutation({
    mutationFn: (body: LoginBody) => api.auth.login({ ...body, user_name: body.user_name.trim() }),
    onSuccess: ({ token }) => setToken(token),
  });

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
        <form className="rp-login__form" onSubmit={submit} noValidate>
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
          <button
            type="submit"
            className="rp-button rp-button--primary rp-button--large rp-button--block"
            aria-busy={login.isPending}
            disabled={login.isPending}
          >
            {login.isPending && <LoadingOutlined />}
            {t('auth.login')}
          </button>
        </form>
      </main>
      <SiteFooter className="rp-login__footer" />
    </div>
  );
}
