import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ScreenProps } from '../../app/screens';
import { FilesTab } from './FilesTab';
import { JobsTab } from './JobsTab';
import { KIND_OF_ROUTE } from './model';
import './upgrades.css';

const TABS = ['files', 'jobs'] as const;
type Tab = (typeof TABS)[number];

/**
 * An upgrade screen (issue 13): Bin Update (pm_upgradebinfile), Config Update
 * (pm_upgradeconfigfile), infrared (pm_infrared) and Parameter (pm_upgradepara), one component for
 * the four, each sending its own kind of file: its files (or parameter sets) and its jobs.
 */
export default function UpgradesPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const kind = KIND_OF_ROUTE[route.name] ?? 'bin';
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.find((candidate) => candidate === requested) ?? 'files';
  const jobParam = params.get('job');
  const openJob = jobParam && /^\d+$/.test(jobParam) ? Number(jobParam) : null;

  const showJob = (id: number | null) =>
    setParams(id === null ? { tab: 'jobs' } : { tab: 'jobs', job: String(id) }, { replace: id === null });

  return (
    <section className="rp-page rp-upgrades" data-kind={kind}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'files' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          {
            key: 'files',
            label: t(kind === 'param' ? 'upgrades.tabParamSets' : 'upgrades.tabFiles'),
            children: <FilesTab kind={kind} />,
          },
          {
            key: 'jobs',
            label: t('upgrades.tabJobs'),
            children: <JobsTab kind={kind} openJob={openJob} onShowJob={showJob} />,
          },
        ]}
      />
    </section>
  );
}
