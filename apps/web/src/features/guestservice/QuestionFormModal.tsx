import { QUESTION_MAX, QUESTION_TYPES, type Question, type QuestionType, REPLY_MAX } from '@roompilot/contract';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { FormModal } from '../../components/FormModal';
import type { RowForm } from './GuestServiceList';

interface Values {
  question: string;
  reply: string;
  type: QuestionType;
}

/** Add or edit a question and its reply. */
export const QuestionFormModal: RowForm<Question> = ({ row: question, open, onClose }) => {
  const { t } = useTranslation();
  const editing = question !== undefined;

  const save = (values: Values) => {
    const fields = { question: values.question.trim(), reply: values.reply.trim(), type: values.type };
    return editing
      ? api.guestservice.questionUpdate({ id: question.id, ...fields })
      : api.guestservice.questionAdd(fields);
  };

  return (
    <FormModal<Values, Question>
      title={t(editing ? 'guestservice.question.editTitle' : 'guestservice.question.addTitle')}
      open={open}
      onClose={onClose}
      name="question"
      initialValues={question ?? { type: 'stay' }}
      save={save}
      savedMessage={() => t(editing ? 'common.saved' : 'guestservice.question.added')}
      invalidates={[['questions']]}
    >
      <Form.Item
        name="type"
        label={t('guestservice.type')}
        rules={[{ required: true, message: t('guestservice.question.typeRequired') }]}
      >
        <Select
          options={QUESTION_TYPES.map((type) => ({ value: type, label: t(`guestservice.questionType.${type}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="question"
        label={t('guestservice.question.question')}
        rules={[{ required: true, whitespace: true, message: t('guestservice.question.questionRequired') }]}
      >
        <Input maxLength={QUESTION_MAX} />
      </Form.Item>
      <Form.Item
        name="reply"
        label={t('guestservice.question.reply')}
        rules={[{ required: true, whitespace: true, message: t('guestservice.question.replyRequired') }]}
      >
        <Input.TextArea maxLength={REPLY_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
      </Form.Item>
    </FormModal>
  );
};
