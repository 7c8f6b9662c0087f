import { EditOutlined } from '@ant-design/icons';
import type { CallId } from '@roompilot/contract';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The call the action makes (`data-call`): the screen shows it only to who may make it. */
  call?: CallId;
  icon: ReactNode;
  onClick?: () => void;
  children: ReactNode;
}

/** A link in a table row's actions column (ListTable's `rowActions`). */
export function RowAction({ call, icon, onClick, children }: Props) {
  return (
    <Button type="link" size="small" icon={icon} onClick={onClick} data-call={call}>
      {children}
    </Button>
  );
}

/** A row's edit link: opens the row in its form. */
export function EditAction({ call, onClick }: { call?: CallId; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <RowAction call={call} icon={<EditOutlined />} onClick={onClick}>
      {t('common.edit')}
    </RowAction>
  );
}
