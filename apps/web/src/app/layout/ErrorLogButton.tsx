import { BugOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '../errorLog';

/** The dialog with the collected errors: its own chunk, loaded when first opened. */
const ErrorLogDialog = lazy(() => import('./ErrorLogDialog'));

/** Shown only when uncaught errors were collected; opens the error-log dialog. */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const entries = useErrorLog();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that it can close with its animation.
  const [wanted, setWanted] = useState(false);
  if (entries.length === 0 && !open) return null;

  return (
    <>
      <Badge count={entries.length} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          danger
          icon={<BugOutlined />}
          aria-label={t('layout.errorLog')}
          title={t('layout.errorLog')}
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
        />
      </Badge>
      {wanted && (
        <Suspense fallback={null}>
          <ErrorLogDialog open={open} entries={entries} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
