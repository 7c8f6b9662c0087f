import {
  type Device,
  MODE_NAME_MAX,
  type Mode,
  type ModeDeviceState,
  type ModeDevices,
  SETPOINT_MAX,
  SETPOINT_MIN,
  SETPOINT_STEP,
} from '@roompilot/contract';
import { useMutation } from '@tanstack/react-query';
import { Checkbox, Input, InputNumber, Modal, Select, Slider, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { AC_MODES, FAN_SPEEDS, VENT_SPEEDS } from '../live/vocabulary';
import { FIELDS_OF_KIND, modeLabel, sentDevices, startingState, withField } from './modeModel';

interface Props {
  open: boolean;
  /** The mode edited; null: a new one. */
  mode: Mode | null;
  roomTypeId: number;
  template: Device[];
  onClose: () => void;
  onSaved: () => void;
}

/** A mode's name (a hotel's own mode) and, for each device of the type, what the mode sets on it. */
export function ModeEditor({ open, mode, roomTypeId, template, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const message = useMessage();
  const [name, setName] = useState('');
  const [draft, setDraft] = useState<ModeDevices>({});
  const [nameMissing, setNameMissing] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName(mode?.name ?? '');
    setDraft(structuredClone(mode?.devices ?? {}));
    setNameMissing(false);
  }, [open, mode]);

  const save = useMutation({
    mutationFn: () => {
      const devices = sentDevices(draft);
      if (mode) return api.modes.update({ id: mode.id, devices, ...(!mode.builtin && { name: name.trim() }) });
      return api.modes.add({ room_type_id: roomTypeId, name: name.trim(), devices });
    },
    onSuccess: (saved) => {
      message.success(t('modes.saved', { name: modeLabel(saved.name, t) }));
      onSaved();
      onClose();
    },
  });
  const submit = () => {
    if (!mode?.builtin && name.trim() === '') {
      setNameMissing(true);
      return;
    }
    save.mutate();
  };

  const setState = (key: string, state: ModeDeviceState | undefined) =>
    setDraft((current) => {
      const { [key]: _old, ...rest } = current;
      return state ? { ...rest, [key]: state } : rest;
    });

  return (
    <Modal
      open={open}
      title={mode ? t('modes.editTitle', { name: modeLabel(mode.name, t) }) : t('modes.addTitle')}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-call': mode ? 'modes.update' : 'modes.add' } as never}
      width={720}
      destroyOnHidden
    >
      {!mode?.builtin && (
        <label className="rp-modes__row" htmlFor="mode-name">
          <span className="rp-modes__label">{t('modes.name')}</span>
          <Input
            id="mode-name"
            value={name}
            maxLength={MODE_NAME_MAX}
            status={nameMissing ? 'error' : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setNameMissing(false);
            }}
            className="rp-modes__mode-select"
          />
          {nameMissing && (
            <span className="rp-cell-error" role="alert">
              {t('modes.nameRequired')}
            </span>
          )}
        </label>
      )}
      <h3 className="rp-modes__section-title">{t('modes.devices')}</h3>
      {template.length === 0 && <p className="rp-muted">{t('modes.noDevices')}</p>}
      {template.map((device) => (
        <DeviceRow
          key={device.key}
          device={device}
          state={draft[device.key]}
          onChange={(state) => setState(device.key, state)}
        />
      ))}
    </Modal>
  );
}

function DeviceRow({
  device,
  state,
  onChange,
}: {
  device: Device;
  state: ModeDeviceState | undefined;
  onChange: (state: ModeDeviceState | undefined) => void;
}) {
  const { t } = useTranslation();
  const label = device.name;
  const fields = FIELDS_OF_KIND[device.kind];
  const set = (field: keyof ModeDeviceState, value: unknown) => state && onChange(withField(state, field, value));
  const unchanged = t('modes.unchanged');
  const choices = <V extends string>(values: readonly V[], text: (value: V) => string) => [
    ...values.map((value) => ({ value, label: text(value) })),
  ];

  return (
    <div className="rp-mode-device" data-device-key={device.key}>
      <div className="rp-mode-device__head">
        <Checkbox
          checked={state !== undefined}
          onChange={(event) => onChange(event.target.checked ? startingState(device) : undefined)}
        >
          <strong>{label}</strong>
        </Checkbox>
        <span className="rp-modes__hint">
          {t(`live.kind.${device.kind}`)} · {device.key} · {state ? t('modes.set') : unchanged}
        </span>
      </div>
      {state && (
        <div className="rp-mode-device__fields">
          {fields.includes('on') && (
            <span className="rp-mode-device__field">
              <span>{t('modes.field.on')}</span>
              <Switch
                size="small"
                checked={state.on === true}
                onChange={(on) => set('on', on)}
                aria-label={`${label} ${t('modes.field.on')}`}
                checkedChildren={t('live.on')}
                unCheckedChildren={t('live.off')}
              />
            </span>
          )}
          {fields.includes('level') && (
            <Percent
              label={`${label} ${t('modes.field.level')}`}
              text={t('modes.field.level')}
              value={state.level}
              onChange={(level) => set('level', level)}
            />
          )}
          {fields.includes('pos') && (
            <Percent
              label={`${label} ${t('modes.field.pos')}`}
              text={t('modes.field.pos')}
              value={state.pos}
              onChange={(pos) => set('pos', pos)}
            />
          )}
          {fields.includes('mode') && (
            <span className="rp-mode-device__field">
              <span>{t('modes.field.mode')}</span>
              <Select
                size="small"
                allowClear
                placeholder={unchanged}
                aria-label={`${label} ${t('modes.field.mode')}`}
                value={state.mode}
                onChange={(value) => set('mode', value)}
                options={choices(AC_MODES, (value) => t(`live.mode.${value}`))}
                popupMatchSelectWidth={false}
              />
            </span>
          )}
          {fields.includes('set') && (
            <span className="rp-mode-device__field">
              <span>{t('modes.field.set')}</span>
              <InputNumber
                size="small"
                aria-label={`${label} ${t('modes.field.set')}`}
                placeholder={unchanged}
                min={device.defaults?.set_min ?? SETPOINT_MIN}
                max={device.defaults?.set_max ?? SETPOINT_MAX}
                step={SETPOINT_STEP}
                precision={1}
                value={state.set ?? null}
                onChange={(value) => set('set', value ?? undefined)}
                suffix="°C"
              />
            </span>
          )}
          {fields.includes('fan') && (
            <span className="rp-mode-device__field">
              <span>{t('modes.field.fan')}</span>
              <Select
                size="small"
                allowClear
                placeholder={unchanged}
                aria-label={`${label} ${t('modes.field.fan')}`}
                value={state.fan}
                onChange={(value) => set('fan', value)}
                options={choices(FAN_SPEEDS, (value) => t(`live.fan.${value}`))}
                popupMatchSelectWidth={false}
              />
            </span>
          )}
          {fields.includes('speed') && (
            <span className="rp-mode-device__field">
              <span>{t('modes.field.speed')}</span>
              <Select
                size="small"
                allowClear
                placeholder={unchanged}
                aria-label={`${label} ${t('modes.field.speed')}`}
                value={state.speed}
                onChange={(value) => set('speed', value)}
                options={choices(VENT_SPEEDS, (value) => t(`live.fan.${value}`))}
                popupMatchSelectWidth={false}
              />
            </span>
          )}
        </div>
      )}
    </div>
  );
}

/** A 0..100 level: a slider and its number, either moves the other; empty leaves it unchanged. */
function Percent({
  label,
  text,
  value,
  onChange,
}: {
  label: string;
  text: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <span className="rp-mode-device__field">
      <span>{text}</span>
      <Slider
        className="rp-mode-device__slider"
        min={0}
        max={100}
        value={value ?? 0}
        onChange={(next) => onChange(next)}
        ariaLabelForHandle={label}
      />
      <InputNumber
        size="small"
        min={0}
        max={100}
        precision={0}
        aria-label={label}
        placeholder={t('modes.unchanged')}
        value={value ?? null}
        onChange={(next) => onChange(next ?? undefined)}
        suffix="%"
      />
    </span>
  );
}
