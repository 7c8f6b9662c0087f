import { SearchOutlined } from '@ant-design/icons';
import { Button, type GetProps, Input } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = Omit<GetProps<typeof Input.Search>, 'enterButton' | 'aria-label' | 'maxLength'> & {
  /** What may be typed: shown inside the box while it is empty, and the box's accessible name. */
  hint: string;
  /**
   * The longest search the call takes (the contract's limit): the box stops there, instead of the
   * server refusing a longer one and the list failing.
   */
  maxLength: number;
};

/**
 * A list screen's search box, the same on every screen: the hint inside it says what may be typed,
 * and the search button beside it is a magnifier named "Search" in the reader's language (its
 * label and tooltip), so that the hint keeps the box's width on a phone instead of a word button.
 */
export function SearchInput({ hint, ...props }: Props) {
  const { t } = useTranslation();
  const search = t('common.search');
  return (
    <Input.Search
      placeholder={hint}
      aria-label={hint}
      allowClear
      {...props}
      enterButton={<Button type="primary" icon={<SearchOutlined />} aria-label={search} title={search} />}
    />
  );
}
