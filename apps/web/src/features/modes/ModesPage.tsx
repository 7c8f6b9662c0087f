import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Mode, ModesOfType } from '@roompilot/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Select, Spin, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { useMayCall } from '../../app/permissions';
import { asQuery, modesOfTypeQuery, modesRoomTypesQuery, numberParam } from '../../app/screenQueries';
import { CallAction } from '../../components/CallAction';
import { EmptyState } from '../../components/EmptyState';
import { QueryFailed } from '../../components/QueryFailed';
import { ModeEditor } from './ModeEditor';
import { modeLabel, modeSummary } from './modeModel';
import { TriggersPanel } from './TriggersPanel';
import './modes.css';

const ROOM_TYPES_PATH = '/roomsystem/roomtype';
/** A card shows this many of its device states; the rest as a count. */
const SHOWN_STATES = 6;

/** Modes (pm_model): a room type's modes, their device states and what triggers them. */
export default function ModesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const types = useQuery(asQuery(modesRoomTypesQuery()));
  const requested = numberParam(params.get('type'));
  const typeId = types.data?.find((type) => type.id === requested)?.id ?? types.data?.[0]?.id;

  let body: React.ReactNode;
  if (types.isPending) body = <Spin className="rp-dashboard__loading" />;
  else if (types.isError) {
    body = <QueryFailed error={types.error} onRetry={() => void types.refetch()} retrying={types.isFetching} />;
  } else if (typeId === undefined) {
    body = (
      <EmptyState
        description={t('modes.noTypes')}
        action={
          <Link to={ROOM_TYPES_PATH}>
            <Button type="primary">{t('modes.toRoomTypes')}</Button>
          </Link>
        }
      />
    );
  } else body = <TypeModes key={typeId} roomTypeId={typeId} />;

  return (
    <section className="rp-page rp-modes">
      <div className="rp-toolbar">
        <h1 className="rp-page__title">{t('route.pm_model')}</h1>
        {types.data && types.data.length > 0 && (
          <Select<number>
            aria-label={t('modes.roomType')}
            value={typeId}
            onChange={(id) => setParams({ type: String(id) }, { replace: true })}
            options={types.data.map((type) => ({ value: type.id, label: type.name }))}
            className="rp-modes__picker"
          />
        )}
      </div>
      {body}
    </section>
  );
}

type Editing = { mode: Mode | null } | null;

function TypeModes({ roomTypeId }: { roomTypeId: number }) {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const mayEdit = useMayCall('modes.update').allowed;
  const query = modesOfTypeQuery(roomTypeId);
  const modes = useQuery(asQuery(query));
  const [editing, setEditing] = useState<Editing>(null);

  const remove = useMutation({
    mutationFn: (mode: Mode) => api.modes.remove({ id: mode.id }),
    onSuccess: (_saved, mode) => {
      message.success(t('modes.deleted', { name: mode.name }));
      void queryClient.invalidateQueries({ queryKey: query.queryKey });
    },
  });

  if (modes.isPending) return <Spin className="rp-dashboard__loading" />;
  if (modes.isError) {
    return <QueryFailed error={modes.error} onRetry={() => void modes.refetch()} retrying={modes.isFetching} />;
  }
  const data: ModesOfType = modes.data;
  const template = data.room_type.devices;
  const saved = (next: ModesOfType) => queryClient.setQueryData(query.queryKey, next);

  return (
    <>
      {!mayEdit && <Alert className="rp-page__alert" type="info" showIcon title={t('modes.readOnly')} />}
      {template.length === 0 && (
        <Alert className="rp-page__alert" type="warning" showIcon title={t('modes.noDevices')} />
      )}
      <section className="rp-modes__section" aria-labelledby="modes-list-title">
        <div className="rp-toolbar">
          <h2 className="rp-modes__section-title" id="modes-list-title">
            {t('modes.list')}
          </h2>
          <CallAction call="modes.add">
            <Button icon={<PlusOutlined />} onClick={() => setEditing({ mode: null })}>
              {t('modes.add')}
            </Button>
          </CallAction>
        </div>
        <div className="rp-modes__cards">
          {data.modes.map((mode) => {
            const label = modeLabel(mode.name, t);
            const states = modeSummary(mode, template, t);
            return (
              <article key={mode.id} className="rp-mode" data-mode={mode.name} aria-label={label}>
                <header className="rp-mode__head">
                  <span className="rp-mode__name">{label}</span>
                  {mode.builtin && <Tag>{t('modes.builtinTag')}</Tag>}
                </header>
                <div className="rp-mode__trigger">{triggerText(mode, t)}</div>
                <ul className="rp-mode__states">
                  {states.length === 0 && <li className="rp-muted">{t('modes.changesNothing')}</li>}
                  {states.slice(0, SHOWN_STATES).map((state) => (
                    <li key={state.key}>{state.text}</li>
                  ))}
                  {states.length > SHOWN_STATES && (
                    <li className="rp-muted">{t('modes.moreDevices', { count: states.length - SHOWN_STATES })}</li>
                  )}
                </ul>
                <div className="rp-mode__actions">
                  <CallAction call="modes.update">
                    <Button size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode })}>
                      {t('modes.edit')}
                    </Button>
                  </CallAction>
                  {!mode.builtin && (
                    <CallAction call="modes.remove">
                      <Popconfirm
                        title={t('modes.deleteConfirm', { name: label })}
                        okText={t('modes.delete')}
                        okButtonProps={{ danger: true }}
                        cancelText={t('common.cancel')}
                        onConfirm={() => remove.mutateAsync(mode)}
                      >
                        <Button size="small" danger icon={<DeleteOutlined />}>
                          {t('modes.delete')}
                        </Button>
                      </Popconfirm>
                    </CallAction>
                  )}
                </div>
              </article>
            );
          })}
        </div>
      </section>
      <TriggersPanel data={data} onSaved={saved} />
      <ModeEditor
        open={editing !== null}
        mode={editing?.mode ?? null}
        roomTypeId={roomTypeId}
        template={template}
        onClose={() => setEditing(null)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: query.queryKey })}
      />
    </>
  );
}

function triggerText(mode: Mode, t: TFunction): string {
  if (mode.builtin && (mode.name === 'welcome' || mode.name === 'leave' || mode.name === 'checkout')) {
    return t(`modes.trigger.${mode.name}`);
  }
  return t('modes.trigger.other');
}
