import { HOTEL_KEYS, type PermissionKey, type RolePerm, WILDCARD } from '@roompilot/contract';
import { Alert, Checkbox } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../locales/types';
import { PERMISSION_GROUPS, type PermissionGroup } from './permissionCatalog';
import './roles.css';

interface Props {
  /** The role's perms: keys of HOTEL_KEYS, or `['*']`. */
  value?: readonly RolePerm[];
  onChange?: (perms: RolePerm[]) => void;
  disabled?: boolean;
}

const ORDER: readonly PermissionKey[] = PERMISSION_GROUPS.flatMap((group) => group.keys);

/** The keys in the menu's order, each once. */
function ordered(keys: Iterable<PermissionKey>): PermissionKey[] {
  const chosen = new Set(keys);
  return ORDER.filter((key) => chosen.has(key));
}

/**
 * The role-permission assignment: "All permissions" (the wildcard) above the hotel's keys,
 * grouped as the menu groups their screens, each named by its menu title with a line on what it
 * allows; a group's box checks or clears its keys at once. Unchecking "All permissions" leaves
 * every key checked, to take away from.
 */
export function PermissionPicker({ value = [], onChange, disabled }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const all = value.includes(WILDCARD);
  const chosen = new Set<PermissionKey>(all ? HOTEL_KEYS : (value as readonly PermissionKey[]));

  const set = (keys: Iterable<PermissionKey>) => onChange?.(ordered(keys));
  const toggle = (key: PermissionKey, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(key);
    else next.delete(key);
    set(next);
  };
  const toggleGroup = (group: PermissionGroup, on: boolean) => {
    const next = new Set(chosen);
    for (const key of group.keys) {
      if (on) next.add(key);
      else next.delete(key);
    }
    set(next);
  };
  const groupTitle = (group: PermissionGroup) => t(group.group ? `route.${group.group}` : 'route.pm_dashboard');

  return (
    <div className="rp-perms">
      <div className="rp-perms__all">
        <Checkbox
          checked={all}
          disabled={disabled}
          onChange={(event) => onChange?.(event.target.checked ? [WILDCARD] : [...ORDER])}
          aria-describedby={`${id}-all`}
          data-perm={WILDCARD}
        >
          <strong>{t('roles.allPerms')}</strong>
        </Checkbox>
        <div id={`${id}-all`} className="rp-perms__desc">
          {t('roles.allPermsDesc')}
        </div>
        <div className="rp-perms__count" aria-live="polite">
          {all ? t('roles.allPerms') : t('roles.selected', { n: chosen.size })}
        </div>
      </div>
      {chosen.size === 0 && <Alert type="info" showIcon className="rp-perms__none" title={t('roles.noPermsHint')} />}
      {PERMISSION_GROUPS.map((group) => {
        const held = group.keys.filter((key) => chosen.has(key)).length;
        const title = groupTitle(group);
        return (
          <fieldset key={group.group ?? 'top'} className="rp-perms__group">
            <legend className="rp-perms__legend">
              {group.keys.length > 1 ? (
                <Checkbox
                  checked={held === group.keys.length}
                  indeterminate={held > 0 && held < group.keys.length}
                  disabled={disabled || all}
                  onChange={(event) => toggleGroup(group, event.target.checked)}
                  aria-label={t('roles.selectGroup', { group: title })}
                >
                  {title}
                </Checkbox>
              ) : (
                title
              )}
            </legend>
            <div className="rp-perms__keys">
              {group.keys.map((key) => (
                <div key={key} className="rp-perms__key">
                  <Checkbox
                    checked={chosen.has(key)}
                    disabled={disabled || all}
                    onChange={(event) => toggle(key, event.target.checked)}
                    aria-describedby={`${id}-${key}`}
                    data-perm={key}
                  >
                    {t(`route.${key}` as MessageKey)}
                  </Checkbox>
                  <div id={`${id}-${key}`} className="rp-perms__desc">
                    {t(`roles.perm.${key}` as MessageKey)}
                  </div>
                </div>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
