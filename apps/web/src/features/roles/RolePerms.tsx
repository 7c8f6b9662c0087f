import { type PermissionKey, WILDCARD } from '@roompilot/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../locales/types';
import { PERMISSION_GROUPS } from './permissionCatalog';

const ORDER: readonly string[] = PERMISSION_GROUPS.flatMap((group) => group.keys);
/** Tags shown before the rest are counted. */
const SHOWN = 4;

/** A role's permissions in a list: "All permissions", "No permissions", or the first few by name. */
export function RolePerms({ perms }: { perms: readonly string[] }) {
  const { t } = useTranslation();
  if (perms.includes(WILDCARD)) return <Tag color="gold">{t('roles.allPerms')}</Tag>;
  if (perms.length === 0) return <span className="rp-muted">{t('roles.noPerms')}</span>;
  const names = ORDER.filter((key) => perms.includes(key)).map((key) =>
    t(`route.${key as PermissionKey}` as MessageKey),
  );
  const rest = names.slice(SHOWN);
  return (
    <div className="rp-role-perms">
      {names.slice(0, SHOWN).map((name) => (
        <Tag key={name} color="blue">
          {name}
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.join('、')}>
          <Tag>+{rest.length}</Tag>
        </Tooltip>
      )}
      <span className="rp-muted">{t('roles.permCount', { n: names.length })}</span>
    </div>
  );
}
