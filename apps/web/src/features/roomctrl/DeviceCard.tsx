import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { type DeviceState, SETPOINT_STEP } from '@roompilot/contract';
import { Button, Segmented, Slider, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTemp } from '../live/deviceText';
import { AC_MODES, FAN_SPEEDS, VENT_SPEEDS } from '../live/vocabulary';
import { type ControlDevice, clampSetpoint, setpointRange, shownState } from './deviceModel';

/** No option chosen yet (the RCU has not reported it): a value that matches no option. */
const NONE = '' as never;

export type DeviceResult = { kind: 'sending' } | { kind: 'done' } | { kind: 'failed'; reason: string };

interface Props {
  device: ControlDevice;
  /** The change being sent: the controls show it and wait. */
  pending: DeviceState | undefined;
  result: DeviceResult | undefined;
  disabled: boolean;
  onSend: (key: string, label: string, change: DeviceState) => void;
}

/** One device of the room with the controls of its kind; a change waits for the RCU's answer. */
export function DeviceCard({ device, pending, result, disabled, onSend }: Props) {
  const { t } = useTranslation();
  const label = device.name ?? `${t(`live.kind.${device.kind}`)} ${device.key}`;
  const state = shownState(device.state, pending);
  const busy = pending !== undefined;
  const locked = disabled || busy;
  const send = (change: DeviceState) => onSend(device.key, label, change);
  const reported = Object.keys(device.state).length > 0;
  const degrees = (value: number) => t('live.temp', { value: formatTemp(value) });

  const power = (
    <Row label={t('roomctrl.power')}>
      <Switch
        data-call="control.room"
        checked={state.on === true}
        loading={busy}
        disabled={locked}
        onChange={(on) => send({ on })}
        aria-label={`${label} ${t('roomctrl.power')}`}
        checkedChildren={t('live.on')}
        unCheckedChildren={t('live.off')}
      />
    </Row>
  );
  const temperature = state.temp !== undefined && (
    <div className="rp-device__temp">{t('roomctrl.roomTemp', { value: degrees(state.temp) })}</div>
  );
  const setpoint = (
    <Row label={t('roomctrl.setpoint')}>
      <Setpoint
        value={state.set}
        range={setpointRange(device.defaults)}
        disabled={locked}
        label={`${label} ${t('roomctrl.setpoint')}`}
        format={degrees}
        onChange={(set) => send({ set })}
      />
    </Row>
  );

  let controls: React.ReactNode;
  switch (device.kind) {
    case 'dimmer':
      controls = (
        <>
          {power}
          <Row label={t('roomctrl.level')}>
            <CommitSlider
              value={state.level ?? 0}
              disabled={locked}
              label={`${label} ${t('roomctrl.level')}`}
              onCommit={(level) => send({ level })}
            />
          </Row>
        </>
      );
      break;
    case 'curtain':
      controls = (
        <>
          <Row label={t('roomctrl.position')}>
            <CommitSlider
              value={state.pos ?? 0}
              disabled={locked}
              label={`${label} ${t('roomctrl.position')}`}
              onCommit={(pos) => send({ pos })}
            />
          </Row>
          <div className="rp-device__buttons">
            <Button size="small" disabled={locked} onClick={() => send({ pos: 100 })} data-call="control.room">
              {t('roomctrl.open')}
            </Button>
            <Button size="small" disabled={locked} onClick={() => send({ pos: 0 })} data-call="control.room">
              {t('roomctrl.close')}
            </Button>
          </div>
        </>
      );
      break;
    case 'ac':
      controls = (
        <>
          {power}
          <Row label={t('roomctrl.mode')}>
            <Segmented
              data-call="control.room"
              size="small"
              disabled={locked}
              value={state.mode ?? NONE}
              onChange={(mode) => send({ mode })}
              options={AC_MODES.map((mode) => ({ value: mode, label: t(`live.mode.${mode}`) }))}
            />
          </Row>
          {setpoint}
          <Row label={t('roomctrl.fan')}>
            <Segmented
              data-call="control.room"
              size="small"
              disabled={locked}
              value={state.fan ?? NONE}
              onChange={(fan) => send({ fan })}
              options={FAN_SPEEDS.map((fan) => ({ value: fan, label: t(`live.fan.${fan}`) }))}
            />
          </Row>
          {temperature}
        </>
      );
      break;
    case 'floor_heating':
      controls = (
        <>
          {power}
          {setpoint}
          {temperature}
        </>
      );
      break;
    case 'ventilation':
      controls = (
        <>
          {power}
          <Row label={t('roomctrl.speed')}>
            <Segmented
              data-call="control.room"
              size="small"
              disabled={locked}
              value={state.speed ?? NONE}
              onChange={(speed) => send({ speed })}
              options={VENT_SPEEDS.map((speed) => ({ value: speed, label: t(`live.fan.${speed}`) }))}
            />
          </Row>
        </>
      );
      break;
    default:
      controls = power;
  }

  return (
    <article className={`rp-device${busy ? ' rp-device--busy' : ''}`} aria-busy={busy} data-device-key={device.key}>
      <header className="rp-device__head">
        <span className="rp-device__name">{label}</span>
        <span className="rp-device__key">
          {t(`live.kind.${device.kind}`)} · {device.key}
        </span>
      </header>
      {!reported && <div className="rp-device__unreported">{t('roomctrl.notReported')}</div>}
      <div className="rp-device__controls">{controls}</div>
      <DeviceStatus result={result} label={label} />
    </article>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rp-device__row">
      <span className="rp-device__label">{label}</span>
      <div className="rp-device__control">{children}</div>
    </div>
  );
}

function DeviceStatus({ result, label }: { result: DeviceResult | undefined; label: string }) {
  const { t } = useTranslation();
  if (!result) return null;
  if (result.kind === 'sending') {
    return (
      <div className="rp-device__status" role="status">
        <LoadingOutlined /> {t('roomctrl.sending')}
      </div>
    );
  }
  if (result.kind === 'done') {
    return (
      <div className="rp-device__status rp-device__status--done" role="status">
        <CheckCircleFilled /> {t('roomctrl.done', { device: label })}
      </div>
    );
  }
  return (
    <div className="rp-device__status rp-device__status--failed" role="alert">
      <CloseCircleFilled /> {t('roomctrl.failed', { reason: result.reason })}
    </div>
  );
}

/** A slider that sends once, when the user lets go. */
function CommitSlider({
  value,
  disabled,
  label,
  onCommit,
}: {
  value: number;
  disabled: boolean;
  label: string;
  onCommit: (value: number) => void;
}) {
  const [draft, setDraft] = useState<number | null>(null);
  return (
    <Slider
      data-call="control.room"
      className="rp-device__slider"
      min={0}
      max={100}
      value={draft ?? value}
      disabled={disabled}
      onChange={setDraft}
      onChangeComplete={(next) => {
        setDraft(null);
        if (next !== value) onCommit(next);
      }}
      tooltip={{ formatter: (next) => `${next}%` }}
      // The name goes on the handle, the element with the slider role.
      ariaLabelForHandle={label}
    />
  );
}

/** − 24 °C +: each press sends the next half degree within the device's range. */
function Setpoint({
  value,
  range,
  disabled,
  label,
  format,
  onChange,
}: {
  value: number | undefined;
  range: { min: number; max: number };
  disabled: boolean;
  label: string;
  format: (value: number) => string;
  onChange: (value: number) => void;
}) {
  const current = value ?? clampSetpoint((range.min + range.max) / 2, range);
  const step = (direction: 1 | -1) => onChange(clampSetpoint(current + direction * SETPOINT_STEP, range));
  return (
    <span className="rp-setpoint-stepper">
      <Button
        size="small"
        data-call="control.room"
        icon={<MinusOutlined />}
        disabled={disabled || current <= range.min}
        onClick={() => step(-1)}
        aria-label={`${label} −${SETPOINT_STEP}`}
      />
      <output className="rp-setpoint-stepper__value" aria-label={label}>
        {value === undefined ? '—' : format(value)}
      </output>
      <Button
        size="small"
        data-call="control.room"
        icon={<PlusOutlined />}
        disabled={disabled || current >= range.max}
        onClick={() => step(1)}
        aria-label={`${label} +${SETPOINT_STEP}`}
      />
    </span>
  );
}
