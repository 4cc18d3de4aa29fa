/** The page editor's one open question: a confirmation (OK runs it) or a notice. */
import { ConfirmDialog, NoticeDialog } from '@canopy/ui';
import type { Question } from '../commands';

export function QuestionDialog(props: { question: Question | null; onClose: () => void }) {
  const { question, onClose } = props;
  if (question?.confirm) {
    return (
      <ConfirmDialog
        opened
        title={question.title}
        message={question.message}
        confirmLabel={question.confirm.label}
        onConfirm={() => {
          question.confirm!.run();
          onClose();
        }}
        onCancel={onClose}
      />
    );
  }
  return (
    <NoticeDialog
      opened={question != null}
      title={question?.title ?? ''}
      message={question?.message ?? ''}
      onClose={onClose}
    />
  );
}
