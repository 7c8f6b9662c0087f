import { EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  icon: ReactNode;
  onClick?: () => void;
  children: ReactNode;
}

/** A link in a table row's actions column (ListTable's `rowActions`). */
export function RowAction({ icon, onClick, children }: Props) {
  return (
    <Button type="link" size="small" icon={icon} onClick={onClick}>
      {children}
    </Button>
  );
}

/** A row's edit link: opens the row in its form. */
export function EditAction({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <RowAction icon={<EditOutlined />} onClick={onClick}>
      {t('common.edit')}
    </RowAction>
  );
}
