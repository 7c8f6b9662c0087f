import { PlusOutlined } from '@ant-design/icons';
import type { CallId } from '@roompilot/contract';
import { Button, Tooltip } from 'antd';
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { useMayCall } from '../app/permissions';

interface Props {
  /** The call the action makes (`rooms.edit`). */
  call: CallId;
  /**
   * What a user who may not make the call sees: `disable` (the default) shows the action
   * disabled, with a tooltip that says why: where knowing that it exists helps; `hide` leaves it
   * out: where it would make no sense to the user.
   */
  refused?: 'disable' | 'hide';
  /** The action element (a button, a switch): it gets `data-call` and, when refused, `disabled`. */
  children: ReactElement<{ disabled?: boolean; 'data-call'?: string }>;
  [passed: string]: unknown;
}

/**
 * An action that makes a call of the table, offered as the server would answer it: enabled for a
 * user it allows, else disabled with the reason or hidden. Every such element carries
 * `data-call="<domain>.<name>"` (the browser tests check them against the server).
 */
export function CallAction({ call, refused = 'disable', children, ...passed }: Props) {
  const { allowed, reason } = useMayCall(call);
  // What a wrapping trigger (a Popconfirm, a Dropdown) hands its child goes on to the element.
  if (allowed) return cloneElement(children, { ...passed, 'data-call': call });
  if (refused === 'hide') return null;
  return (
    <Tooltip title={reason}>
      <span>{cloneElement(children, { 'data-call': call, disabled: true })}</span>
    </Tooltip>
  );
}

/** A list screen's "add" button: primary, with the plus icon, offered as its call allows. */
export function AddButton({ call, onClick, children }: { call: CallId; onClick: () => void; children: ReactNode }) {
  return (
    <CallAction call={call}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
        {children}
      </Button>
    </CallAction>
  );
}
