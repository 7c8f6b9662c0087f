import { QUESTION_TYPES, type Question } from '@roompilot/contract';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { LISTS } from '../../app/screenQueries';
import { GuestServiceList } from './GuestServiceList';
import { QuestionFormModal } from './QuestionFormModal';

/** Q&A settings (pm_question): what guests read on the TV or ask the voice assistant. */
export default function QuestionsPage() {
  const { t } = useTranslation();
  const columns: TableColumnsType<Question> = [
    { title: t('guestservice.question.question'), dataIndex: 'question', key: 'question', width: 260, fixed: 'left' },
    { title: t('guestservice.question.reply'), dataIndex: 'reply', key: 'reply', ellipsis: true },
  ];
  return (
    <GuestServiceList<Question>
      kind="question"
      list={LISTS.questions}
      calls={{
        add: 'guestservice.questionAdd',
        update: 'guestservice.questionUpdate',
        remove: 'guestservice.questionRemove',
      }}
      remove={api.guestservice.questionRemove}
      types={QUESTION_TYPES}
      typeKey="guestservice.questionType"
      keywordHint={t('guestservice.questionKeyword')}
      columns={columns}
      nameOf={(question) => question.question}
      Form={QuestionFormModal}
      scrollX={820}
    />
  );
}
