import { LoadingOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * The login page's wide primary submit button (plain HTML, no antd: the login chunk stays small),
 * busy and disabled while its call is under way.
 */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className="rp-button rp-button--primary rp-button--large rp-button--block"
      aria-busy={pending}
      disabled={pending}
    >
      {pending && <LoadingOutlined />}
      {children}
    </button>
  );
}
