import type { LogWords } from '@roompilot/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';

/** The log filters' choices in the console's language, as the server words the logs (`/logwords`). */
export const logWordsQuery = (language: string) => ({
  queryKey: ['logwords', language],
  queryFn: () => api.logs.words(undefined),
  staleTime: Number.POSITIVE_INFINITY,
});

interface Props {
  /** Event types or operation log actions. */
  choices: keyof LogWords;
  placeholder: string;
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}

/** A log filter's choice list: searchable, clearable, loading while its words come, saying so if they did not. */
export function LogChoiceSelect({ choices, placeholder, label, value, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const words = useQuery(logWordsQuery(i18n.language));
  return (
    <Select<string>
      className="rp-filter"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      aria-label={label}
      value={value}
      onChange={onChange}
      loading={words.isPending}
      status={words.isError ? 'error' : undefined}
      notFoundContent={words.isError ? t('common.loadFailed') : undefined}
      onOpenChange={(open) => {
        if (open && words.isError) void words.refetch();
      }}
      options={words.data?.[choices] ?? []}
    />
  );
}
