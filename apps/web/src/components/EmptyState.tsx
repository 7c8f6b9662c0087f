import { Empty } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  description: string;
  /** The screen's primary action (add …), when the user may take it. */
  action?: ReactNode;
}

/** An empty list: what would be here and how to start. */
export function EmptyState({ description, action }: Props) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
      {action}
    </Empty>
  );
}
