import { Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Target, TargetKind } from './targets';

interface Option {
  id: number;
  name: string;
}

interface Props {
  target: Target;
  onChange: (target: Target) => void;
  floors: number[];
  types: Option[] | null;
  buildings: Option[] | null;
  /** How many rooms the target reaches; null when only the server can tell. */
  count: number | null;
}

/** Which rooms a control goes to: the table's selection, or every room of a floor, a type or a building. */
export function TargetPicker({ target, onChange, floors, types, buildings, count }: Props) {
  const { t } = useTranslation();
  const kinds: TargetKind[] = [
    'selection',
    'floor',
    ...(types ? ['type' as const] : []),
    ...(buildings ? ['building' as const] : []),
  ];
  const choose = (kind: TargetKind) => {
    if (kind === 'selection') onChange({ kind, ids: [] });
    else if (kind === 'floor' && floors[0] !== undefined) onChange({ kind, floor: floors[0] });
    else if (kind === 'type' && types?.[0]) onChange({ kind, id: types[0].id });
    else if (kind === 'building' && buildings?.[0]) onChange({ kind, id: buildings[0].id });
  };
  return (
    <div className="rp-control__field">
      <span className="rp-control__label">{t('control.target')}</span>
      <div className="rp-toolbar rp-toolbar--flat">
        <Segmented<TargetKind>
          value={target.kind}
          onChange={choose}
          options={kinds.map((kind) => ({ value: kind, label: t(`control.target.${kind}`) }))}
        />
        {target.kind === 'floor' && (
          <Select
            aria-label={t('control.chooseFloor')}
            value={target.floor}
            onChange={(floor) => onChange({ kind: 'floor', floor })}
            options={floors.map((floor) => ({ value: floor, label: t('control.floorN', { floor }) }))}
            className="rp-control__select"
            popupMatchSelectWidth={false}
          />
        )}
        {target.kind === 'type' && types && (
          <Select
            aria-label={t('control.chooseType')}
            value={target.id}
            onChange={(id) => onChange({ kind: 'type', id })}
            options={types.map((type) => ({ value: type.id, label: type.name }))}
            className="rp-control__select"
            popupMatchSelectWidth={false}
          />
        )}
        {target.kind === 'building' && buildings && (
          <Select
            aria-label={t('control.chooseBuilding')}
            value={target.id}
            onChange={(id) => onChange({ kind: 'building', id })}
            options={buildings.map((building) => ({ value: building.id, label: building.name }))}
            className="rp-control__select"
            popupMatchSelectWidth={false}
          />
        )}
        <span className="rp-control__hint" data-testid="control-target-count">
          {target.kind === 'selection' && target.ids.length === 0
            ? t('control.noSelection')
            : count === null
              ? t('control.reachesUnknown')
              : t('control.reaches', { count })}
        </span>
      </div>
    </div>
  );
}
