import { WarningOutlined } from '@ant-design/icons';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { logError } from './errorLog';

function CrashNotice() {
  const { t } = useTranslation();
  return (
    <div className="rp-notice" role="alert">
      <WarningOutlined className="rp-notice__icon rp-notice__icon--warning" />
      <p className="rp-notice__text">{t('common.crashed')}</p>
      <button type="button" className="rp-button rp-button--primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </div>
  );
}

interface Props {
  children: ReactNode;
  /** A new key (the next path) clears the crash, so navigating away recovers. */
  resetKey?: string;
}

interface State {
  crashed: boolean;
  resetKey?: string;
}

/** Logs render errors into the error log and shows a notice instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { crashed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { crashed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { crashed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logError(error, info.componentStack ?? '');
  }

  override render(): ReactNode {
    return this.state.crashed ? <CrashNotice /> : this.props.children;
  }
}
