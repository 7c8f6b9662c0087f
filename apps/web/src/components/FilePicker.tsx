import { InboxOutlined } from '@ant-design/icons';
import { Upload } from 'antd';

interface FilePickerProps {
  file: File | null;
  /** The file chosen, or null when removed; the form sends it itself (antd uploads nothing). */
  onChange: (file: File | null) => void;
  accept?: string;
  disabled?: boolean;
  text: string;
  hint?: string;
}

/** One file, dropped or picked, kept by the form that sends it: the room import and the upgrade files. */
export function FilePicker({ file, onChange, accept, disabled, text, hint }: FilePickerProps) {
  return (
    <Upload.Dragger
      accept={accept}
      multiple={false}
      maxCount={1}
      disabled={disabled}
      fileList={file ? [{ uid: 'chosen', name: file.name, size: file.size, status: 'done' }] : []}
      beforeUpload={(chosen) => {
        onChange(chosen);
        return false;
      }}
      onRemove={() => onChange(null)}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{text}</p>
      {hint && <p className="ant-upload-hint">{hint}</p>}
    </Upload.Dragger>
  );
}
