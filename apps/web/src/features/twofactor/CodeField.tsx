import { SafetyCertificateOutlined } from '@ant-design/icons';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Only the app's 6 digits (setting up), or a recovery code too (signing in, proving). */
  digitsOnly?: boolean;
}

/** A code input in the login page's style (plain, no form engine), its error line below. */
export function CodeField({ id, label, value, onChange, error, digitsOnly = false }: Props) {
  return (
    <div className="rp-field">
      <label className="rp-input" data-status={error ? 'error' : undefined}>
        <span className="rp-input__prefix">
          <SafetyCertificateOutlined />
        </span>
        <input
          id={id}
          name={id}
          value={value}
          placeholder={label}
          aria-label={label}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}_error`}
          autoComplete="one-time-code"
          inputMode={digitsOnly ? 'numeric' : 'text'}
          maxLength={digitsOnly ? 6 : 32}
          spellCheck={false}
          autoCapitalize="off"
          onChange={(event) => onChange(digitsOnly ? event.target.value.replace(/\D/g, '') : event.target.value)}
        />
      </label>
      <div id={`${id}_error`} className="rp-field__error" role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}
